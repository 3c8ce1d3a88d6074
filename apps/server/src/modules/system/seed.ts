import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../platform/crypto';

/** Demo data for local use, documented in README. Written once: a database that has staff is left alone. */
export const DEMO = {
  inviteCode: 'WELCOME',
  investor: {
    mobile: '09000000001',
    password: 'demo1234',
    transactionPassword: '123456',
    referralCode: 'DEMO0001',
  },
  staff: {
    username: 'admin',
    password: 'Kabuto-admin-2026',
    totpSecret: 'KABUTOADMINDEMO2',
    displayName: 'Administrator',
  },
} as const;

export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const seeded = await trx.selectFrom('staff_users').select('id').limit(1).executeTakeFirst();
    if (seeded) return false;
    await trx
      .insertInto('staff_users')
      .values({
        username: DEMO.staff.username,
        display_name: DEMO.staff.displayName,
        password_hash: await hashPassword(DEMO.staff.password),
        totp_secret: DEMO.staff.totpSecret,
        role: 'admin',
      })
      .execute();
    const invitation = await trx
      .insertInto('invitation_codes')
      .values({ code: DEMO.inviteCode, kind: 'staff', max_uses: null, note: 'Demo: unlimited uses' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const investor = await trx
      .insertInto('users')
      .values({
        mobile: DEMO.investor.mobile,
        password_hash: await hashPassword(DEMO.investor.password),
        transaction_password_hash: await hashPassword(DEMO.investor.transactionPassword),
        invitation_code_id: invitation.id,
        referral_code: DEMO.investor.referralCode,
        created_at: ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invitation_codes')
      .values({ code: DEMO.investor.referralCode, kind: 'user', owner_user_id: investor.id, max_uses: null })
      .execute();
    await trx
      .updateTable('invitation_codes')
      .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('id', '=', invitation.id)
      .execute();
    return true;
  });
}

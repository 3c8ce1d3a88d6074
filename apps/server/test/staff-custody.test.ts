// An admin who issues a member's credentials (creates the member, or resets its password or authenticator) has
// seen the temporary password and the authenticator's secret, so it could sign in as that member. For
// STAFF_CUSTODY_DAYS after the issue the two count as one person in every two-person rule: crediting a user and
// approving their withdrawals, the two approvals of a large withdrawal, an adjustment, a notice, a verification.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countedAsOne } from '../src/modules/staff/custody';
import { migrate } from '../src/platform/db';
import {
  independentStaff,
  staffIssuedBy,
  createTestApp,
  databaseBefore,
  get,
  post,
  registerVerifiedUser,
  staffToken,
  verifiedInvestorWithBankAccount,
  type TestApp,
} from './harness';

// Withdrawals are open on business days 9:00-15:30 JST: Tuesday 2026-11-24 10:00 JST.
const OPEN = new Date('2026-11-24T01:00:00Z');
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: string;
let refs = 0;
beforeAll(async () => {
  t = await createTestApp({
    requireStepUp: false,
    sessionIdleSeconds: 90 * 86400,
    sessionTtlSeconds: 90 * 86400,
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test a few minutes later (never back: a test moves the clock by weeks), so each staff login has a
  // fresh TOTP step.
  t.clock.set(new Date(Math.max(OPEN.getTime(), t.clock.now().getTime()) + 300_000));
  admin = await staffToken(t);
});

type CountsAs = { username: string; until: string; untilPasswordChange: boolean } | null;

/** Whom the member list says `memberId` counts as. */
async function countsAs(token: string, memberId: string): Promise<CountsAs | undefined> {
  const list = await get<{ items: { id: string; countsAs: CountsAs }[] }>(
    t.app,
    '/api/staff/members?pageSize=100',
    token,
  );
  return list.data.items.find((member) => member.id === memberId)?.countsAs;
}

/** The admin (`token`) asks for a goodwill credit to a user; the answer carries the adjustment's id. */
const askAdjustment = (token: string, userId: string, amount: string) =>
  post<{ id: string }>(t.app, '/api/staff/adjustments', { userId, amount, reason: 'goodwill refund' }, token);

/** The signed-in member sets a password of its own. */
const changeOwnPassword = (token: string, oldPassword: string, newPassword: string) =>
  post(t.app, '/api/staff/me/password', { oldPassword, newPassword, confirmPassword: newPassword }, token);

const later = (days: number) => t.clock.set(new Date(t.clock.now().getTime() + days * DAY_MS));

/** A verified investor with a bank account in their name, `yen` credited by `creditor`, and a withdrawal asked. */
async function investorWithWithdrawal(creditor: string, yen: number, withdraw: number) {
  const user = await verifiedInvestorWithBankAccount(t);
  const { token } = user;
  const credited = await post(
    t.app,
    '/api/staff/deposits',
    { userId: user.userId, amount: String(yen), bankReference: `C-${process.pid}-${++refs}` },
    creditor,
  );
  expect(credited.code).toBe(1);
  const asked = await post<{ id: string }>(
    t.app,
    '/api/funding/withdrawals',
    { amount: String(withdraw), bankAccountId: user.bankAccountId, transactionPassword: '246810' },
    token,
  );
  expect(asked.code).toBe(1);
  return { userId: user.userId, token, withdrawalId: asked.data.id };
}

const approve = (withdrawalId: string, staff: string) =>
  post<{ status: string }>(t.app, `/api/staff/withdrawals/${withdrawalId}/approve?lang=ja`, {}, staff);

const balances = async (token: string) =>
  (await get<{ available: string; held: string }>(t.app, '/api/account/balances', token)).data;

/** The approval is refused as the same person's, in Japanese, and nothing is paid. */
async function expectJoined(answer: Awaited<ReturnType<typeof post>>) {
  expect(answer).toMatchObject({
    status: 409,
    errorCode: 'STAFF_JOINED_BY_CREDENTIALS',
    msg: expect.stringContaining('同一人物'),
  });
}

describe('countedAsOne', () => {
  const issue = (staffId: number, issuedBy: number) => ({
    staffId: BigInt(staffId),
    issuedBy: BigInt(issuedBy),
  });
  const ids = (set: Set<bigint>) => [...set].map(Number).sort((a, b) => a - b);

  it('joins an admin with the members it issued, their members in turn, and members of one issuer', () => {
    // 1 issued 2 and 3; 2 (an admin) issued 4; 5 issued 6, unrelated.
    const issues = [issue(2, 1), issue(3, 1), issue(4, 2), issue(6, 5)];
    expect(ids(countedAsOne(1n, issues))).toEqual([1, 2, 3, 4]);
    expect(ids(countedAsOne(4n, issues))).toEqual([1, 2, 3, 4]);
    expect(ids(countedAsOne(6n, issues))).toEqual([5, 6]);
    expect(ids(countedAsOne(7n, issues))).toEqual([7]);
  });

  it('keeps two admins who each issued credentials to one member two people; the member counts as both', () => {
    const issues = [issue(3, 1), issue(3, 2)];
    expect(ids(countedAsOne(1n, issues))).toEqual([1, 3]);
    expect(ids(countedAsOne(2n, issues))).toEqual([2, 3]);
    expect(ids(countedAsOne(3n, issues))).toEqual([1, 2, 3]);
  });

  it('ends at cycles and repeated issues', () => {
    const issues = [issue(2, 1), issue(1, 2), issue(2, 1), issue(3, 3)];
    expect(ids(countedAsOne(1n, issues))).toEqual([1, 2]);
    expect(ids(countedAsOne(3n, issues))).toEqual([3]);
  });
});

describe('a member whose credentials an admin issued', () => {
  it('does not approve the withdrawal of a user the admin credited; an independent member does', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const user = await investorWithWithdrawal(admin, 50_000, 20_000);
    await expectJoined(await approve(user.withdrawalId, puppet.token));
    expect(await balances(user.token)).toMatchObject({ available: '30000.00', held: '20000.00' });
    const other = await independentStaff(t, 'finance');
    expect((await approve(user.withdrawalId, other.token)).data.status).toBe('approved');
    expect(await balances(user.token)).toMatchObject({ available: '30000.00', held: '0.00' });
  });

  it('credits a user whose withdrawal the admin then cannot approve, nor another member the admin issued', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const sibling = await staffIssuedBy(t, admin, 'finance');
    const user = await investorWithWithdrawal(puppet.token, 50_000, 20_000);
    await expectJoined(await approve(user.withdrawalId, admin));
    await expectJoined(await approve(user.withdrawalId, sibling.token));
    expect((await balances(user.token)).held).toBe('20000.00');
  });

  it('joins through a second admin the first one created', async () => {
    const deputy = await staffIssuedBy(t, admin, 'admin');
    const puppet = await staffIssuedBy(t, deputy.token, 'finance');
    const user = await investorWithWithdrawal(admin, 50_000, 20_000);
    await expectJoined(await approve(user.withdrawalId, puppet.token));
  });

  it('is joined by a reset of its password or authenticator, as by its creation', async () => {
    for (const change of ['reset-password', 'reset-authenticator'] as const) {
      const member = await independentStaff(t, 'finance');
      const user = await investorWithWithdrawal(admin, 50_000, 20_000);
      const reset = await post<{ temporaryPassword: string | null; totpSecret: string | null }>(
        t.app,
        `/api/staff/members/${member.id}/${change}`,
        { reason: 'forgot it' },
        admin,
      );
      expect(reset.code).toBe(1);
      const token = await staffToken(
        t,
        member.username,
        reset.data.temporaryPassword ?? member.password,
        reset.data.totpSecret ?? member.secret,
      );
      await expectJoined(await approve(user.withdrawalId, token));
    }
  });

  it('does not give the second approval of a large withdrawal the admin approved first', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const clerk = await independentStaff(t, 'finance');
    const user = await investorWithWithdrawal(clerk.token, 2_000_000, 1_500_000);
    expect((await approve(user.withdrawalId, admin)).data.status).toBe('pending');
    await expectJoined(await approve(user.withdrawalId, puppet.token));
    expect((await balances(user.token)).held).toBe('1500000.00');
    const other = await independentStaff(t, 'finance');
    expect((await approve(user.withdrawalId, other.token)).data.status).toBe('approved');
  });

  it('does not approve an adjustment the admin asked for; the balance is unchanged until another does', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const user = await registerVerifiedUser(t);
    const asked = await askAdjustment(admin, user.userId, '5000');
    expect(asked.code).toBe(1);
    await expectJoined(
      await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve?lang=ja`, {}, puppet.token),
    );
    expect((await balances(user.token)).available).toBe('0.00');
    const other = await independentStaff(t, 'finance');
    const approved = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, other.token);
    expect(approved.code).toBe(1);
    expect((await balances(user.token)).available).toBe('5000.00');
  });

  it('does not publish a notice the admin wrote, and may still reject it', async () => {
    const puppet = await staffIssuedBy(t, admin, 'support');
    const write = async () =>
      (
        await post<{ id: string }>(
          t.app,
          '/api/staff/notices',
          { title: 'Maintenance', body: 'Tonight' },
          admin,
        )
      ).data.id;
    const first = await write();
    await expectJoined(await post(t.app, `/api/staff/notices/${first}/approve?lang=ja`, {}, puppet.token));
    const rejected = await post<{ status: string }>(
      t.app,
      `/api/staff/notices/${first}/reject`,
      { reason: 'wrong date' },
      puppet.token,
    );
    expect(rejected.data.status).toBe('rejected');
  });

  it('does not give the second approval of an identity the admin approved first', async () => {
    const puppet = await staffIssuedBy(t, admin, 'compliance');
    const user = await registerVerifiedUser(t);
    const adminRow = await t.ctx.db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const submission = await t.ctx.db
      .insertInto('kyc_submissions')
      .values({
        user_id: BigInt(user.userId),
        full_name: '山田 太郎',
        full_name_kana: 'ヤマダ タロウ',
        id_number: 'AB1234567',
        front_file_id: 'front',
        back_file_id: 'back',
        first_approved_by: adminRow.id,
        first_approved_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectJoined(
      await post(t.app, `/api/staff/kyc/${submission.id}/approve?lang=ja`, {}, puppet.token),
    );
    const after = await t.ctx.db
      .selectFrom('kyc_submissions')
      .select(['status', 'reviewed_by'])
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'pending', reviewed_by: null });
  });

  it('shows in the member list whom it counts as and until when; an independent member counts as no one', async () => {
    const issuedAt = t.clock.now().getTime();
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const other = await independentStaff(t, 'finance');
    const shown = await countsAs(admin, puppet.id);
    expect(shown).toMatchObject({ username: 'admin', untilPasswordChange: true });
    const until = Date.parse(shown!.until);
    expect(until - issuedAt).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(until - issuedAt).toBeLessThan(30 * DAY_MS + 60_000);
    expect(await countsAs(admin, other.id)).toBeNull();
  });

  it('still counts as the admin after STAFF_CUSTODY_DAYS while it signs in with the issued password, and no longer once it set its own', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    // 31 days on, a fresh adjustment by the admin: the days are over, but the admin still knows the password.
    later(31);
    const user = await registerVerifiedUser(t);
    const admin2 = await staffToken(t);
    const asked = await askAdjustment(admin2, user.userId, '5000');
    expect((await countsAs(admin2, puppet.id))?.untilPasswordChange).toBe(true);
    const signedIn = await staffToken(t, puppet.username, puppet.password, puppet.secret);
    const refused = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, signedIn);
    expect(refused.errorCode).toBe('STAFF_JOINED_BY_CREDENTIALS');

    const changed = await changeOwnPassword(signedIn, puppet.password, 'Own-pass-2026');
    expect(changed.code).toBe(1);
    expect(await countsAs(admin2, puppet.id)).toBeNull();
    // What the admin asked while it could still sign in as the member stays refused; what it asks now does not.
    const stillRefused = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, signedIn);
    expect(stillRefused.errorCode).toBe('STAFF_JOINED_BY_CREDENTIALS');
    const fresh = await askAdjustment(admin2, user.userId, '3000');
    const approved = await post(t.app, `/api/staff/adjustments/${fresh.data.id}/approve`, {}, signedIn);
    expect(approved.code).toBe(1);
  });

  it('with its own password set early, counts as the admin until STAFF_CUSTODY_DAYS have passed, then as itself', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    later(1);
    const member = await staffToken(t, puppet.username, puppet.password, puppet.secret);
    const changed = await changeOwnPassword(member, puppet.password, 'Own-pass-2026');
    expect(changed.code).toBe(1);
    const admin2 = await staffToken(t);
    const user = await registerVerifiedUser(t);
    const asked = await askAdjustment(admin2, user.userId, '5000');
    // The admin could have acted as the member before the change: the days still hold.
    expect(await countsAs(admin2, puppet.id)).toMatchObject({
      username: 'admin',
      untilPasswordChange: false,
    });
    const early = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, member);
    expect(early.errorCode).toBe('STAFF_JOINED_BY_CREDENTIALS');

    later(30);
    const admin3 = await staffToken(t);
    const fresh = await askAdjustment(admin3, user.userId, '3000');
    expect(await countsAs(admin3, puppet.id)).toBeNull();
    const own = await staffToken(t, puppet.username, 'Own-pass-2026', puppet.secret);
    const approved = await post(t.app, `/api/staff/adjustments/${fresh.data.id}/approve`, {}, own);
    expect(approved.code).toBe(1);
  });

  it('does not take back, as a password of its own, one an admin issued: neither the same in full-width characters nor an earlier one', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    // The same characters in their full-width forms: a different string, the same password once normalised.
    const fullWidth = [...puppet.password]
      .map((character) => String.fromCodePoint(character.codePointAt(0)! + 0xfee0))
      .join('');
    expect(await changeOwnPassword(puppet.token, puppet.password, fullWidth)).toMatchObject({
      status: 400,
      errorCode: 'NEW_PASSWORD_SAME',
    });
    expect(await countsAs(admin, puppet.id)).toMatchObject({ untilPasswordChange: true });

    expect((await changeOwnPassword(puppet.token, puppet.password, 'Own-pass-2026')).code).toBe(1);
    expect(await countsAs(admin, puppet.id)).toMatchObject({ untilPasswordChange: false });
    // Back to the issued one: refused, so custody cannot end with the admin still able to sign in.
    const back = await changeOwnPassword(puppet.token, 'Own-pass-2026', puppet.password);
    expect(back).toMatchObject({ status: 400, errorCode: 'STAFF_PASSWORD_WAS_ISSUED' });
    later(31);
    expect(await countsAs(await staffToken(t), puppet.id)).toBeNull();
  });

  it('after an authenticator reset of a member whose password is its own, counts as the admin for the days only', async () => {
    const member = await independentStaff(t, 'finance');
    const reset = await post<{ totpSecret: string }>(
      t.app,
      `/api/staff/members/${member.id}/reset-authenticator`,
      { reason: 'new phone' },
      admin,
    );
    expect(reset.code).toBe(1);
    // The admin knows the new authenticator but not the password: the days hold, the password change is not awaited.
    expect(await countsAs(admin, member.id)).toMatchObject({ username: 'admin', untilPasswordChange: false });
    later(31);
    const admin2 = await staffToken(t);
    expect(await countsAs(admin2, member.id)).toBeNull();
  });

  it('is in custody again after a reset that follows its own password, until it sets another', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    await changeOwnPassword(puppet.token, puppet.password, 'Own-pass-2026');
    later(31);
    const admin2 = await staffToken(t);
    expect(await countsAs(admin2, puppet.id)).toBeNull();
    const reset = await post(
      t.app,
      `/api/staff/members/${puppet.id}/reset-password`,
      { reason: 'forgot it' },
      admin2,
    );
    expect(reset.code).toBe(1);
    later(31);
    const admin3 = await staffToken(t);
    expect(await countsAs(admin3, puppet.id)).toMatchObject({ username: 'admin', untilPasswordChange: true });
  });
});

describe('STAFF_CUSTODY_DAYS=0', () => {
  it('turns the rule off: a member the admin created approves what the admin asked for', async () => {
    const off = await createTestApp({ staffCustodyDays: 0 });
    try {
      off.clock.set(new Date(OPEN.getTime()));
      const offAdmin = await staffToken(off);
      const created = await post<{ temporaryPassword: string; totpSecret: string }>(
        off.app,
        '/api/staff/members',
        { username: 'offclerk', displayName: 'Clerk', role: 'finance' },
        offAdmin,
      );
      const clerk = await staffToken(
        off,
        'offclerk',
        created.data.temporaryPassword,
        created.data.totpSecret,
      );
      const user = await registerVerifiedUser(off);
      const asked = await post<{ id: string }>(
        off.app,
        '/api/staff/adjustments',
        { userId: user.userId, amount: '5000', reason: 'goodwill refund' },
        offAdmin,
      );
      expect((await post(off.app, `/api/staff/adjustments/${asked.data.id}/approve`, {}, clerk)).code).toBe(
        1,
      );
    } finally {
      await off.close();
    }
  });
});

const ISSUES_MIGRATION = '20261129T1200_staff_credential_issues.sql';
const RELEASE_MIGRATION = '20261129T1500_staff_credential_release.sql';

describe(`migration ${ISSUES_MIGRATION}`, () => {
  it('takes the credentials issued before it from the audit log', async () => {
    const database = await databaseBefore(ISSUES_MIGRATION);
    try {
      const db = database.db;
      const staff = (username: string) => ({
        username,
        display_name: username,
        password_hash: 'x',
        totp_secret: 'x',
        role: 'finance',
      });
      const [boss, created, reset, untouched] = await db
        .insertInto('staff_users')
        .values([staff('boss'), staff('created'), staff('reset'), staff('untouched')] as never)
        .returning('id')
        .execute();
      const at = new Date('2026-11-20T00:00:00Z');
      const changedAt = new Date('2026-11-22T00:00:00Z');
      const audit = (action: string, target: string, by: bigint | null) => ({
        staff_id: by,
        action,
        target_kind: 'staff',
        target_id: target,
        created_at: at,
      });
      await db
        .insertInto('audit_log')
        .values([
          audit('staff_member.create', 'created', boss!.id),
          audit('staff_member.reset_authenticator', 'reset', boss!.id),
          audit('staff_member.disable', 'untouched', boss!.id),
          audit('staff.login', 'untouched', untouched!.id),
          // The created member set its own password two days on; the reset one's was changed by someone else.
          { ...audit('staff.password_changed', 'created', created!.id), created_at: changedAt },
          { ...audit('staff.password_changed', 'reset', boss!.id), created_at: changedAt },
        ] as never)
        .execute();

      const applied = await migrate(database);
      expect(applied).toContain(ISSUES_MIGRATION);
      expect(applied).toContain(RELEASE_MIGRATION);

      const issues = await db
        .selectFrom('staff_credential_issues')
        .select(['staff_id', 'issued_by', 'issued_at', 'released_at', 'password_hash'])
        .orderBy('staff_id')
        .execute();
      // The unanswered issue takes the member's current hash: the password it was given, or one refused anyway.
      expect(issues).toEqual([
        {
          staff_id: created!.id,
          issued_by: boss!.id,
          issued_at: at,
          released_at: changedAt,
          password_hash: null,
        },
        { staff_id: reset!.id, issued_by: boss!.id, issued_at: at, released_at: null, password_hash: 'x' },
      ]);
    } finally {
      await database.close();
    }
    // Opens and migrates a second embedded database: slow on a busy machine.
  }, 180_000);
});

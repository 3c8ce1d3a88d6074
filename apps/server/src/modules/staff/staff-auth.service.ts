import { ROLE_PERMISSIONS, type AuditAction, type StaffProfile } from '@kabuto/contract';
import type { Selectable } from 'kysely';
import { TOTP } from 'otpauth';
import type { AppContext, ClientMeta } from '../../platform/context';
import { newToken, sha256, UNMATCHABLE_HASH, verifyPassword } from '../../platform/crypto';
import type { Executor } from '../../platform/db-types';
import { isSessionLive, needsTouch } from '../../platform/session-rules';
import type { StaffUsersTable } from '../../platform/db/schema';
import { fail, failure, success, type Outcome } from '../../platform/errors';
import { recordAudit } from './audit';

type StaffRow = Selectable<StaffUsersTable>;

const TOTP_PERIOD = 30;

export function profileOf(staff: StaffRow): StaffProfile {
  return {
    id: staff.id.toString(),
    username: staff.username,
    displayName: staff.display_name,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
  };
}

/** The time step a code belongs to, or null; one step of drift either way is accepted. */
function totpStep(secret: string, token: string, now: Date): number | null {
  const totp = new TOTP({ secret, digits: 6, period: TOTP_PERIOD, algorithm: 'SHA1' });
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/**
 * Staff login needs password and a TOTP code; a code is accepted once (no replay). Failures count
 * towards the same lockout as investors' and every attempt is audited.
 */
export async function staffLogin(
  ctx: AppContext,
  trx: Executor,
  input: { username: string; password: string; totp: string },
  meta: ClientMeta,
): Promise<Outcome<{ token: string; staff: StaffProfile }>> {
  const now = ctx.clock.now();
  const staff = await trx
    .selectFrom('staff_users')
    .selectAll()
    .where('username', '=', input.username.trim().toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  const audit = (action: AuditAction, staffId: bigint | null, reason: string | null) =>
    recordAudit(trx, {
      staffId,
      action,
      targetKind: 'staff',
      targetId: input.username,
      reason,
      ip: meta.ip,
      at: now,
    });

  if (!staff || staff.disabled) {
    await verifyPassword(input.password, UNMATCHABLE_HASH);
    await audit('staff.login_failed', null, 'unknown_or_disabled');
    return failure(fail('STAFF_INVALID_CREDENTIALS'));
  }
  if (staff.locked_until !== null && new Date(staff.locked_until) > now) {
    await audit('staff.login_failed', staff.id, 'locked');
    const minutes = Math.max(1, Math.ceil((new Date(staff.locked_until).getTime() - now.getTime()) / 60_000));
    return failure(fail('ACCOUNT_LOCKED', 423, { minutes }));
  }
  const passwordOk = await verifyPassword(input.password, staff.password_hash);
  const step = passwordOk ? totpStep(staff.totp_secret, input.totp, now) : null;
  const replayed = step !== null && staff.last_totp_step !== null && BigInt(step) <= staff.last_totp_step;
  if (!passwordOk || step === null || replayed) {
    const failures = staff.failed_logins + 1;
    const locks = failures >= ctx.config.loginMaxFailures;
    await trx
      .updateTable('staff_users')
      .set(
        locks
          ? { failed_logins: 0, locked_until: new Date(now.getTime() + ctx.config.loginLockMinutes * 60_000) }
          : { failed_logins: failures },
      )
      .where('id', '=', staff.id)
      .execute();
    await audit(
      'staff.login_failed',
      staff.id,
      !passwordOk ? 'password' : replayed ? 'totp_replayed' : 'totp',
    );
    if (locks) return failure(fail('ACCOUNT_LOCKED', 423, { minutes: ctx.config.loginLockMinutes }));
    return failure(fail('STAFF_INVALID_CREDENTIALS'));
  }
  await trx
    .updateTable('staff_users')
    .set({ failed_logins: 0, locked_until: null, last_totp_step: BigInt(step) })
    .where('id', '=', staff.id)
    .execute();
  const token = newToken();
  await trx
    .insertInto('staff_sessions')
    .values({
      staff_id: staff.id,
      token_hash: sha256(token),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ctx.config.staffSessionTtlSeconds * 1000),
    })
    .execute();
  await audit('staff.login', staff.id, null);
  return success({ token, staff: profileOf(staff) });
}

export interface StaffPrincipal {
  staff: StaffRow;
  sessionId: bigint;
}

export async function authenticateStaff(
  ctx: AppContext,
  token: string | undefined,
): Promise<StaffPrincipal | null> {
  if (!token || token.length > 100) return null;
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .selectAll('staff_users')
    .select(['staff_sessions.id as session_id', 'staff_sessions.expires_at', 'staff_sessions.last_seen_at'])
    .where('staff_sessions.token_hash', '=', sha256(token))
    .where('staff_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.disabled || !isSessionLive(row, now, ctx.config.staffSessionIdleSeconds)) return null;
  if (needsTouch(row, now)) {
    await ctx.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.session_id)
      .execute();
  }
  const { session_id: sessionId, expires_at: _expires, last_seen_at: _seen, ...staff } = row;
  return { staff, sessionId };
}

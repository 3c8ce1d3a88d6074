import { senToDecimal, type UserInfo } from '@kabuto/contract';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { iso } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { StaffActor } from '../../platform/routes';
import { recordAudit } from '../audit';
import { requireUnrevokedSession, revokeSessions } from '../sessions';
import { lockUserById, updateUser } from './users.repository';
import type { UserRow } from './users.table';

/** The four balances of the side-menu panel plus the profile's used amount and custody funds, in sen. */
export interface AccountFigures {
  total: bigint;
  available: bigint;
  frozen: bigint;
  floatingPnl: bigint;
  usedMargin: bigint;
  custody: bigint;
}

/**
 * No operation moves money yet (deposits, trading and the ledger arrive with their own issues), so
 * every account's figures are zero. This is the single place that will read them from the ledger.
 */
export async function accountFigures(_db: Executor, _userId: bigint): Promise<AccountFigures> {
  return { total: 0n, available: 0n, frozen: 0n, floatingPnl: 0n, usedMargin: 0n, custody: 0n };
}

/** The legacy user info (docs/architecture.md, "The legacy client contract"). */
export async function userInfoOf(db: Executor, user: UserRow): Promise<UserInfo> {
  const figures = await accountFigures(db, user.id);
  return {
    user_id: user.id.toString(),
    mobile: user.mobile,
    total: senToDecimal(figures.total),
    money: senToDecimal(figures.available),
    shizhi: senToDecimal(figures.frozen),
    my_losses: { count_losses: senToDecimal(figures.floatingPnl) },
    used_amount: senToDecimal(figures.usedMargin),
    custody: senToDecimal(figures.custody),
    credit_score: user.credit_score,
    real_name_status: user.kyc_status,
    has_transaction_password: user.transaction_password_hash !== null,
    referral_code: user.referral_code,
    created_at: iso(user.created_at) ?? '',
  };
}

/** Freezing ends the user's sessions and stops logins; both directions need a reason and are audited. */
export async function setUserFrozen(
  ctx: AppContext,
  actor: StaffActor,
  userId: bigint,
  frozen: boolean,
  reason: string,
  ip: string | null,
): Promise<UserRow> {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const user = await lockUserById(tx.db, userId);
    if (!user) throw fail('USER_NOT_FOUND');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    if (frozen && user.status === 'frozen') throw fail('ALREADY_FROZEN');
    if (!frozen && user.status !== 'frozen') throw fail('NOT_FROZEN');
    const updated = await updateUser(tx.db, user.id, {
      status: frozen ? 'frozen' : 'active',
      frozen_reason: frozen ? reason : null,
    });
    if (frozen) await revokeSessions(tx.db, 'user', user.id, now, 'frozen_by_staff');
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: frozen ? 'user.freeze' : 'user.unfreeze',
      targetKind: 'user',
      targetId: user.id.toString(),
      reason,
      before: { status: user.status, frozenReason: user.frozen_reason },
      after: { status: updated.status, frozenReason: updated.frozen_reason },
      ip,
      at: now,
    });
    return updated;
  });
}

import { senToDecimal, type UserInfo } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { iso } from '../../platform/db';
import { fail, type AppError } from '../../platform/errors';
import type { InvestorActor, StaffActor } from '../../platform/routes';
import type { Executor } from '../../database';
import { recordAudit } from '../audit';
import { balancesCached } from '../ledger';
import { countFailedLogin, requireUnrevokedSession, revokeSessions, type LoginGate } from '../sessions';
import { lockUserById, updateUser } from './users.repository';
import type { UserRow } from './users.table';

/** The four balances of the side-menu panel plus the profile's used amount and custody funds, in sen. */
export interface AccountFigures {
  total: bigint;
  available: bigint;
  frozen: bigint;
  usedMargin: bigint;
  custody: bigint;
}

/**
 * The ledger's figures every balance panel shows: the total is cash available, held and posted as margin, less
 * what trading losses left owing (the user info adds the open positions' unrealised P&L); held is what the spec
 * calls frozen.
 */
export async function accountFigures(
  ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>,
  userId: bigint,
): Promise<AccountFigures> {
  const { available, held, marginInUse, tradingDebt } = await balancesCached(ctx, userId);
  return {
    total: available + held + marginInUse - tradingDebt,
    available,
    frozen: held,
    usedMargin: marginInUse,
    custody: available + held,
  };
}

/**
 * The legacy user info (docs/architecture.md, "The legacy client contract"). `unrealisedPnl` is the open
 * positions' (trading's), which the total includes, as the trading account's equity does.
 */
export async function userInfoOf(
  ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>,
  user: UserRow,
  unrealisedPnl: bigint,
): Promise<UserInfo> {
  const figures = await accountFigures(ctx, user.id);
  return {
    user_id: user.id.toString(),
    mobile: user.mobile,
    total: senToDecimal(figures.total + unrealisedPnl),
    money: senToDecimal(figures.available),
    shizhi: senToDecimal(figures.frozen),
    my_losses: { count_losses: senToDecimal(unrealisedPnl) },
    used_amount: senToDecimal(figures.usedMargin),
    custody: senToDecimal(figures.custody),
    credit_score: user.credit_score,
    real_name_status: user.kyc_status,
    real_name: user.real_name,
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

/** The signed-in investor's row, locked for a change on their behalf, with the request's session still open. */
export async function lockSignedInUser(db: Executor, actor: InvestorActor): Promise<UserRow> {
  const user = await lockUserById(db, actor.userId);
  if (!user) throw fail('SESSION_EXPIRED');
  await requireUnrevokedSession(db, 'user', actor.sessionId);
  return user;
}

const NO_DEVICE: LoginGate = { device: undefined, lockedMinutes: null };

/**
 * A wrong password, code or proof from an investor, counted towards their lockout (the device's own when a
 * trusted device answered): resolves to the error to throw, which survives the transaction's rollback.
 */
export const countWrongAnswer = (
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  wrong: AppError,
  gate: LoginGate = NO_DEVICE,
) =>
  countFailedLogin(
    db,
    gate,
    user,
    (values) => updateUser(db, user.id, values),
    wrong,
    ctx.clock.now(),
    ctx.config,
  );

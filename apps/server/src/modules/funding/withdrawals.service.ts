import { jstDateOf, senToDecimal, WITHDRAWAL_RULES } from '@kabuto/contract';
import { marketClock } from '@kabuto/market-rules';
import type { AppContext } from '../../platform/context';
import { verifyPassword } from '../../platform/crypto';
import { fail } from '../../platform/errors';
import type { InvestorActor, StaffActor } from '../../platform/routes';
import type { Tx } from '../../platform/unit-of-work';
import { recordAudit } from '../audit';
import { notify } from '../messaging';
import { requireStepUp } from '../factors';
import { isVerifiedHolder, requireKycPassedFor } from '../kyc';
import {
  holdForWithdrawal,
  payOutWithdrawal,
  priorEntry,
  releaseWithdrawalHold,
  earliestCreditAdjustmentRequest,
  requestedCreditAdjustment,
  staffScope,
  userScope,
  type Idempotency,
} from '../ledger';
import { lockedMinutes, requireUnrevokedSession } from '../sessions';
import { staffCountedAsOne } from '../staff';
import { tradingOf } from '../trading';
import { countWrongAnswer, findUserById, lockSignedInUser, lockUserById } from '../users';
import {
  approvalsOf,
  creditedUserSince,
  findBankAccount,
  findWithdrawalByHoldEntry,
  findWithdrawalView,
  insertApproval,
  isBankAccountRemoved,
  insertWithdrawal,
  lockWithdrawal,
  settleWithdrawal,
  withdrawnSince,
} from './funding.repository';
import { hasExposure, withdrawableNow } from './withdrawable';

export interface WithdrawalRequest {
  amount: bigint;
  bankAccountId: bigint;
  transactionPassword: string;
}

/**
 * Moves the amount from available to held cash, once every rule holds; each refusal has its own message and
 * changes nothing (a wrong transaction password counts towards the lockout, as a wrong login password does).
 * A retry with the same idempotency key returns the first withdrawal.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  actor: InvestorActor,
  request: WithdrawalRequest,
  idempotencyKey: string,
) {
  const now = ctx.clock.now();
  const idempotency: Idempotency = {
    scope: userScope(actor.userId),
    key: idempotencyKey,
    request: { amount: request.amount, bankAccountId: request.bankAccountId },
  };
  // scrypt runs before the transaction, never inside it; the transaction checks the hash did not change.
  const stored = (await findUserById(ctx.db, actor.userId))?.transaction_password_hash ?? null;
  const passwordOk = stored !== null && (await verifyPassword(request.transactionPassword, stored));

  const trading = tradingOf(ctx);
  // In the trading queue, so no order of this node comes between the free-margin check and the hold.
  const withdrawalId = await trading.withAccountView(actor.userId, (view, tradingUnchanged) =>
    ctx.transact(async (tx) => {
      const prior = await priorEntry(tx.db, 'withdrawal_hold', idempotency);
      if (prior) {
        const first = await findWithdrawalByHoldEntry(tx.db, prior.id);
        if (first) return first.id;
      }
      const exposed = hasExposure(view);
      // First, as every trading commit takes it first; held to the commit, so no order, fill or close on any
      // node lands between the check below and the hold. Changed since the view was read: the view is stale.
      if (exposed && !(await tradingUnchanged(tx.db))) throw fail('TRADING_UNAVAILABLE');
      const user = await lockSignedInUser(tx.db, actor);
      requireKycPassedFor(user);
      if (!marketClock(ctx.config.marketClock).isWithdrawalOpen(now)) throw fail('WITHDRAWAL_CLOSED');
      if (request.amount < WITHDRAWAL_RULES.minimumSen) throw fail('WITHDRAWAL_BELOW_MINIMUM');
      const account = await findBankAccount(tx.db, actor.userId, request.bankAccountId);
      if (!account) throw fail('BANK_ACCOUNT_NOT_FOUND');
      // Only to an account in the investor's own name, whenever it was added (before verification, or a
      // verification without フリガナ); before the step-up, so nobody confirms a passkey for a refusal.
      if (!(await isVerifiedHolder(tx.db, actor.userId, account.holder_name)))
        throw fail('WITHDRAWAL_HOLDER_MISMATCH');
      if (exposed) {
        const { withdrawable, limitedBy } = withdrawableNow(view, trading.feedsFromMarket);
        if (limitedBy === 'margin_call') throw fail('WITHDRAWAL_DURING_MARGIN_CALL');
        // Another node's engine marks positions at whatever price it saw last: only the feeding node decides.
        if (limitedBy === 'unavailable') throw fail('TRADING_UNAVAILABLE');
        // Above available cash it is the ledger's refusal (INSUFFICIENT_FUNDS), as for an account without trading.
        if (request.amount <= view.available && request.amount > withdrawable)
          throw fail('WITHDRAWAL_EXCEEDS_FREE_MARGIN', { amount: senToDecimal(withdrawable) });
      }
      // Before the step-up, so nobody confirms a passkey only to learn that a password is missing.
      if (user.transaction_password_hash === null) throw fail('TRANSACTION_PASSWORD_NOT_SET');
      await requireStepUp(ctx, tx, actor);
      const locked = lockedMinutes(user, now);
      if (locked !== null) throw fail('ACCOUNT_LOCKED', { minutes: locked });
      if (!passwordOk || user.transaction_password_hash !== stored)
        throw await countWrongAnswer(ctx, tx.db, user, fail('TRANSACTION_PASSWORD_WRONG'));

      const hold = await holdForWithdrawal(tx.db, {
        userId: actor.userId,
        amount: request.amount,
        reference: `bank-account:${account.id}`,
        actor: { kind: 'user', id: actor.userId },
        idempotency,
        at: now,
      });
      const withdrawal = await insertWithdrawal(tx.db, {
        user_id: actor.userId,
        bank_account_id: account.id,
        amount: request.amount,
        approvals_needed: await approvalsNeeded(ctx, tx, actor.userId, request.amount, now),
        hold_entry_id: hold.entryId,
        created_at: now,
      });
      await notify(
        tx.db,
        actor.userId,
        'withdrawal_requested',
        { amount: senToDecimal(request.amount) },
        now,
      );
      return withdrawal.id;
    }),
  );
  return findWithdrawalView(ctx.db, withdrawalId);
}

/**
 * Two approvals when the user's withdrawals of the JST day, this one included, pass the four-eyes threshold:
 * splitting a large amount into requests under it does not avoid the second approver. The user row is
 * locked, so two requests of one user cannot both count without the other.
 */
async function approvalsNeeded(ctx: AppContext, tx: Tx, userId: bigint, amount: bigint, now: Date) {
  const dayStart = new Date(`${jstDateOf(now)}T00:00:00+09:00`);
  const today = (await withdrawnSince(tx.db, userId, dayStart)) + amount;
  return today > ctx.config.withdrawalFourEyesSen ? 2 : 1;
}

/**
 * How long crediting a user a deposit, or asking for an adjustment in their favour, keeps the staff member
 * from approving that user's withdrawals.
 */
export const CREDIT_CONFLICT_DAYS = 30;

/** The withdrawal a staff decision is about, locked, still pending, by a staff member still signed in. */
async function lockPendingWithdrawal(tx: Tx, actor: StaffActor, id: bigint) {
  const withdrawal = await lockWithdrawal(tx.db, id);
  if (!withdrawal) throw fail('WITHDRAWAL_NOT_FOUND');
  await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
  if (withdrawal.status !== 'pending') throw fail('WITHDRAWAL_NOT_PENDING');
  return withdrawal;
}

/**
 * One staff approval. When the withdrawal has all it needs (one, or two different staff members above the
 * four-eyes threshold) the held amount is paid out in the same transaction.
 */
export async function approveWithdrawal(
  ctx: AppContext,
  actor: StaffActor,
  id: bigint,
  idempotencyKey: string,
  ip: string | null,
) {
  const now = ctx.clock.now();
  const idempotency = { scope: staffScope(actor.staffId), key: idempotencyKey, request: { withdrawal: id } };
  await ctx.transact(async (tx) => {
    if (await priorEntry(tx.db, 'withdrawal_payout', idempotency)) return;
    const withdrawal = await lockPendingWithdrawal(tx, actor, id);
    // A frozen account is paid nothing until staff unfreeze it (a hijacked account's request waits).
    const owner = await lockUserById(tx.db, withdrawal.user_id);
    if (owner?.status === 'frozen') throw fail('ACCOUNT_FROZEN');
    // A removed account may be closed, or no longer the user's wish: staff reject instead.
    if (await isBankAccountRemoved(tx.db, withdrawal.bank_account_id))
      throw fail('WITHDRAWAL_ACCOUNT_REMOVED');
    // Paid only to an account in the customer's own verified name: a request made before holders were
    // compared (or any other way past the request's check) waits for staff to reject it.
    const payee = await findBankAccount(tx.db, withdrawal.user_id, withdrawal.bank_account_id);
    if (!payee || !(await isVerifiedHolder(tx.db, withdrawal.user_id, payee.holder_name)))
      throw fail('WITHDRAWAL_PAYEE_NOT_HOLDER');
    // Crediting money (a deposit, with or without the user's notice, or an adjustment) and paying it out are
    // two people's work: a notice is the user's own word, so with a colluding user one staff member could
    // otherwise credit a transfer that never came and pay it out.
    const since = new Date(now.getTime() - CREDIT_CONFLICT_DAYS * 86_400_000);
    if (
      (await creditedUserSince(tx.db, withdrawal.user_id, [actor.staffId], since)) ||
      (await requestedCreditAdjustment(tx.db, withdrawal.user_id, [actor.staffId], since))
    )
      throw fail('WITHDRAWAL_APPROVER_CREDITED');
    // Nor by a member joined to the approver by credentials issued (see the staff module's custody rule).
    // From the earliest act involved: a credit adjustment's request, the first approval, or the window's start.
    const approvals = await approvalsOf(tx.db, [id]);
    const asked = await earliestCreditAdjustmentRequest(tx.db, withdrawal.user_id, since);
    const earliest = new Date(
      Math.min(
        since.getTime(),
        asked?.getTime() ?? Infinity,
        ...approvals.map((a) => a.created_at.getTime()),
      ),
    );
    const joined = [...(await staffCountedAsOne(ctx, tx.db, actor.staffId, earliest))].filter(
      (staffId) => staffId !== actor.staffId,
    );
    if (
      joined.length > 0 &&
      ((await creditedUserSince(tx.db, withdrawal.user_id, joined, since)) ||
        (await requestedCreditAdjustment(tx.db, withdrawal.user_id, joined, since)))
    )
      throw fail('STAFF_JOINED_BY_CREDENTIALS');
    // The same approver again (a retry of the first of two approvals) changes nothing and answers as before.
    if (approvals.some((approval) => approval.staff_id === actor.staffId)) return;
    // The second of two approvals is a second person's.
    if (approvals.some((approval) => joined.includes(approval.staff_id)))
      throw fail('STAFF_JOINED_BY_CREDENTIALS');
    await insertApproval(tx.db, id, actor.staffId, now);
    const complete = approvals.length + 1 >= withdrawal.approvals_needed;
    if (complete) {
      const payout = await payOutWithdrawal(tx.db, {
        userId: withdrawal.user_id,
        amount: withdrawal.amount,
        reference: `withdrawal:${id}`,
        actor: { kind: 'staff', id: actor.staffId },
        idempotency,
        at: now,
      });
      await settleWithdrawal(tx.db, id, {
        status: 'approved',
        reason: null,
        entryId: payout.entryId,
        staffId: actor.staffId,
        at: now,
      });
      await notify(
        tx.db,
        withdrawal.user_id,
        'withdrawal_approved',
        { amount: senToDecimal(withdrawal.amount) },
        now,
      );
    }
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'withdrawal.approve',
      targetKind: 'withdrawal',
      targetId: id.toString(),
      before: { status: 'pending', approvals: approvals.length },
      after: {
        status: complete ? 'approved' : 'pending',
        approvals: approvals.length + 1,
        approvalsNeeded: withdrawal.approvals_needed,
        amount: senToDecimal(withdrawal.amount),
        userId: withdrawal.user_id.toString(),
      },
      ip,
      at: now,
    });
  });
  return findWithdrawalView(ctx.db, id);
}

/** Refused with a reason the user sees; the held amount returns to available cash. */
export async function rejectWithdrawal(
  ctx: AppContext,
  actor: StaffActor,
  id: bigint,
  reason: string,
  idempotencyKey: string,
  ip: string | null,
) {
  const now = ctx.clock.now();
  const idempotency = {
    scope: staffScope(actor.staffId),
    key: idempotencyKey,
    request: { withdrawal: id, reason },
  };
  await ctx.transact(async (tx) => {
    if (await priorEntry(tx.db, 'withdrawal_release', idempotency)) return;
    const withdrawal = await lockPendingWithdrawal(tx, actor, id);
    const release = await releaseWithdrawalHold(tx.db, {
      userId: withdrawal.user_id,
      amount: withdrawal.amount,
      reference: `withdrawal:${id}`,
      actor: { kind: 'staff', id: actor.staffId },
      idempotency,
      at: now,
    });
    await settleWithdrawal(tx.db, id, {
      status: 'rejected',
      reason,
      entryId: release.entryId,
      staffId: actor.staffId,
      at: now,
    });
    await notify(
      tx.db,
      withdrawal.user_id,
      'withdrawal_rejected',
      { amount: senToDecimal(withdrawal.amount), reason },
      now,
    );
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'withdrawal.reject',
      targetKind: 'withdrawal',
      targetId: id.toString(),
      reason,
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        amount: senToDecimal(withdrawal.amount),
        userId: withdrawal.user_id.toString(),
      },
      ip,
      at: now,
    });
  });
  return findWithdrawalView(ctx.db, id);
}

import { jstDateOf, senToDecimal } from '@kabuto/contract';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation, iso } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { InvestorActor, StaffActor } from '../../platform/routes';
import type { Tx } from '../../platform/unit-of-work';
import { recordAudit } from '../audit';
import { notify } from '../messaging';
import { balancesOf, creditDeposit, priorEntry, staffScope, type Idempotency } from '../ledger';
import { requireUnrevokedSession } from '../sessions';
import { mayBeVerifiedHolder, requireKycPassedFor } from '../kyc';
import { lockSignedInUser, lockUserById } from '../users';
import {
  countPendingNotices,
  findDepositByBankReference,
  findDepositByEntry,
  findNoticeWithMobile,
  insertDeposit,
  insertNotice,
  lockNotice,
  reviewNotice,
} from './funding.repository';
import type { DepositRow } from './funding.table';

/** How far back a transfer may be reported, and how many reports may wait for review at once. */
export const NOTICE_WINDOW_DAYS = 30;
export const MAX_PENDING_NOTICES = 5;

const DAY_MS = 86_400_000;

export async function fileDepositNotice(
  ctx: AppContext,
  actor: InvestorActor,
  notice: { amount: bigint; transferDate: string; senderName: string },
) {
  const now = ctx.clock.now();
  const today = jstDateOf(now);
  const earliest = jstDateOf(new Date(now.getTime() - NOTICE_WINDOW_DAYS * DAY_MS));
  const noon = new Date(`${notice.transferDate}T12:00:00+09:00`);
  const real = !Number.isNaN(noon.getTime()) && jstDateOf(noon) === notice.transferDate;
  if (!real || notice.transferDate > today || notice.transferDate < earliest)
    throw fail('TRANSFER_DATE_OUT_OF_RANGE');
  return ctx.transact(async (tx) => {
    // Money is taken only from a customer whose identity the firm has verified (取引時確認).
    requireKycPassedFor(await lockSignedInUser(tx.db, actor));
    if (!(await mayBeFromHolder(tx.db, actor.userId, notice.senderName)))
      throw fail('DEPOSIT_SENDER_NOT_HOLDER');
    if ((await countPendingNotices(tx.db, actor.userId)) >= MAX_PENDING_NOTICES)
      throw fail('TOO_MANY_PENDING_NOTICES');
    return insertNotice(tx.db, { userId: actor.userId, ...notice, at: now });
  });
}

/**
 * Whether a transfer's sender name can be the investor's own (本人名義): the firm takes deposits only from an
 * account in the investor's name, as it pays out only to one. The transfer reference the deposit screen asks
 * for may come first (0000012 カブト タロウ). Without a verified katakana name there is nothing to compare, and
 * staff match the transfer by hand as before.
 */
const mayBeFromHolder = (db: Executor, userId: bigint, senderName: string) =>
  mayBeVerifiedHolder(db, userId, senderName.replace(/^[0-9]+ ?/, ''));

export interface CreditRequest {
  userId: bigint;
  amount: bigint;
  bankReference: string;
  noticeId?: bigint | undefined;
}

export const depositView = (deposit: DepositRow) => ({
  id: deposit.id.toString(),
  userId: deposit.user_id.toString(),
  amount: senToDecimal(deposit.amount),
  bankReference: deposit.bank_reference,
  noticeId: deposit.notice_id?.toString() ?? null,
  createdAt: iso(deposit.created_at) ?? '',
  availableBefore: senToDecimal(deposit.available_after - deposit.amount),
  availableAfter: senToDecimal(deposit.available_after),
});

/** Who credits: a staff member in a session, or the demo seed acting as the seeded admin (no session). */
export type CreditingStaff = { staffId: bigint; sessionId: bigint | null };

/**
 * Credits money that reached the firm's bank account. One credit per bank statement line; with a notice,
 * the notice must be the same user's and still pending, and is approved in the same transaction. A retry
 * with the same idempotency key returns the first credit.
 */
export async function creditUserDeposit(
  ctx: AppContext,
  actor: CreditingStaff,
  request: CreditRequest,
  idempotencyKey: string,
  ip: string | null,
): Promise<DepositRow> {
  try {
    return await ctx.transact((tx) => creditDepositIn(ctx, tx, actor, request, idempotencyKey, ip));
  } catch (error) {
    // Two credits of one statement line racing: the unique index stops the second.
    if (isUniqueViolation(error, 'deposits_bank_reference_key')) throw fail('BANK_REFERENCE_USED');
    throw error;
  }
}

/** `creditUserDeposit` inside a transaction the caller holds (the demo seed). */
export async function creditDepositIn(
  ctx: AppContext,
  tx: Tx,
  actor: CreditingStaff,
  request: CreditRequest,
  idempotencyKey: string,
  ip: string | null,
): Promise<DepositRow> {
  const now = ctx.clock.now();
  const idempotency: Idempotency = { scope: staffScope(actor.staffId), key: idempotencyKey, request };
  const prior = await priorEntry(tx.db, 'deposit', idempotency);
  if (prior) {
    const first = await findDepositByEntry(tx.db, prior.id);
    if (first) return first;
  }
  const user = await lockUserById(tx.db, request.userId);
  if (!user) throw fail('USER_NOT_FOUND');
  if (actor.sessionId !== null) await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
  // Money that arrives for a customer not yet verified is not theirs to hold: it goes back to the sender.
  if (user.kyc_status !== 'passed') throw fail('DEPOSIT_USER_NOT_VERIFIED');
  if (request.noticeId !== undefined) {
    const notice = await lockNotice(tx.db, request.noticeId);
    if (!notice) throw fail('DEPOSIT_NOTICE_NOT_FOUND');
    if (notice.user_id !== request.userId) throw fail('DEPOSIT_NOTICE_OTHER_USER');
    if (notice.status !== 'pending') throw fail('DEPOSIT_NOTICE_NOT_PENDING');
  }
  if (await findDepositByBankReference(tx.db, request.bankReference)) throw fail('BANK_REFERENCE_USED');

  const posted = await creditDeposit(tx.db, {
    userId: request.userId,
    amount: request.amount,
    reference: `bank:${request.bankReference}`,
    actor: { kind: 'staff', id: actor.staffId },
    idempotency,
    at: now,
  });
  const { available } = await balancesOf(tx.db, request.userId);
  const deposit = await insertDeposit(tx.db, {
    userId: request.userId,
    amount: request.amount,
    bankReference: request.bankReference,
    noticeId: request.noticeId ?? null,
    entryId: posted.entryId,
    staffId: actor.staffId,
    availableAfter: available,
    at: now,
  });
  if (request.noticeId !== undefined)
    await reviewNotice(tx.db, request.noticeId, {
      status: 'approved',
      reason: null,
      staffId: actor.staffId,
      at: now,
    });
  await notify(tx.db, request.userId, 'deposit_credited', { amount: senToDecimal(request.amount) }, now);
  await recordAudit(tx.db, {
    staffId: actor.staffId,
    action: 'deposit.credit',
    targetKind: 'user',
    targetId: request.userId.toString(),
    before: { available: senToDecimal(available - request.amount) },
    after: {
      available: senToDecimal(available),
      deposit: deposit.id.toString(),
      amount: senToDecimal(request.amount),
      bankReference: request.bankReference,
      noticeId: request.noticeId?.toString() ?? null,
    },
    ip,
    at: now,
  });
  return deposit;
}

export async function rejectDepositNotice(
  ctx: AppContext,
  actor: StaffActor,
  noticeId: bigint,
  reason: string,
  ip: string | null,
) {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const notice = await lockNotice(tx.db, noticeId);
    if (!notice) throw fail('DEPOSIT_NOTICE_NOT_FOUND');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    if (notice.status !== 'pending') throw fail('DEPOSIT_NOTICE_NOT_PENDING');
    await reviewNotice(tx.db, noticeId, { status: 'rejected', reason, staffId: actor.staffId, at: now });
    await notify(
      tx.db,
      notice.user_id,
      'deposit_rejected',
      { amount: senToDecimal(notice.amount), reason },
      now,
    );
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'deposit_notice.reject',
      targetKind: 'deposit_notice',
      targetId: noticeId.toString(),
      reason,
      before: { status: notice.status },
      after: { status: 'rejected' },
      ip,
      at: now,
    });
    return findNoticeWithMobile(tx.db, noticeId);
  });
}

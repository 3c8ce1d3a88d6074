import { senToDecimal } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { iso } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { StaffActor } from '../../platform/routes';
import { recordAudit } from '../audit';
import { requireUnrevokedSession } from '../sessions';
import { refuseJoinedStaff } from '../staff';
import { lockUserById } from '../users';
import {
  findAdjustmentByEntry,
  insertAdjustment,
  lockAdjustment,
  reviewAdjustment,
} from './ledger.repository';
import { adjustAvailableCash, balancesOf, priorEntry, staffScope } from './ledger.service';
import type { LedgerAdjustmentRow } from './ledger.table';

export const adjustmentView = (row: LedgerAdjustmentRow) => ({
  id: row.id.toString(),
  userId: row.user_id.toString(),
  amount: senToDecimal(row.amount),
  reason: row.reason,
  status: row.status,
  requestedBy: row.requested_by.toString(),
  reviewedBy: row.reviewed_by?.toString() ?? null,
  reviewReason: row.review_reason,
  createdAt: iso(row.created_at) ?? '',
  reviewedAt: iso(row.reviewed_at),
});

/** A correction waits for a second staff member; nothing moves yet. */
export async function requestAdjustment(
  ctx: AppContext,
  actor: StaffActor,
  request: { userId: bigint; amount: bigint; reason: string },
  ip: string | null,
) {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    if (!(await lockUserById(tx.db, request.userId))) throw fail('USER_NOT_FOUND');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    const adjustment = await insertAdjustment(tx.db, { ...request, staffId: actor.staffId, at: now });
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'adjustment.request',
      targetKind: 'user',
      targetId: request.userId.toString(),
      reason: request.reason,
      after: {
        adjustment: adjustment.id.toString(),
        amount: senToDecimal(request.amount),
        status: 'pending',
      },
      ip,
      at: now,
    });
    return adjustment;
  });
}

/** A different staff member approves: the entry is written. A retry with the same key returns the first result. */
export async function approveAdjustment(
  ctx: AppContext,
  actor: StaffActor,
  id: bigint,
  idempotencyKey: string,
  ip: string | null,
) {
  const now = ctx.clock.now();
  const idempotency = { scope: staffScope(actor.staffId), key: idempotencyKey, request: { adjustment: id } };
  return ctx.transact(async (tx) => {
    const prior = await priorEntry(tx.db, 'adjustment', idempotency);
    if (prior) {
      const first = await findAdjustmentByEntry(tx.db, prior.id);
      if (first) return first;
    }
    const adjustment = await lockAdjustment(tx.db, id);
    if (!adjustment) throw fail('ADJUSTMENT_NOT_FOUND');
    await lockUserById(tx.db, adjustment.user_id);
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    if (adjustment.status !== 'pending') throw fail('ADJUSTMENT_NOT_PENDING');
    if (adjustment.requested_by === actor.staffId) throw fail('SECOND_APPROVER_MUST_DIFFER');
    await refuseJoinedStaff(ctx, tx.db, actor.staffId, [adjustment.requested_by], adjustment.created_at);
    const before = await balancesOf(tx.db, adjustment.user_id);
    const posted = await adjustAvailableCash(tx.db, {
      userId: adjustment.user_id,
      amount: adjustment.amount,
      reason: adjustment.reason,
      reference: `adjustment:${adjustment.id}`,
      actor: { kind: 'staff', id: actor.staffId },
      idempotency,
      at: now,
    });
    const approved = await reviewAdjustment(tx.db, id, {
      status: 'approved',
      staffId: actor.staffId,
      reason: null,
      entryId: posted.entryId,
      at: now,
    });
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'adjustment.approve',
      targetKind: 'user',
      targetId: adjustment.user_id.toString(),
      reason: adjustment.reason,
      before: { available: senToDecimal(before.available), status: 'pending' },
      after: {
        available: senToDecimal(before.available + adjustment.amount),
        status: 'approved',
        adjustment: adjustment.id.toString(),
      },
      ip,
      at: now,
    });
    return approved;
  });
}

export async function rejectAdjustment(
  ctx: AppContext,
  actor: StaffActor,
  id: bigint,
  reason: string,
  ip: string | null,
) {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const adjustment = await lockAdjustment(tx.db, id);
    if (!adjustment) throw fail('ADJUSTMENT_NOT_FOUND');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    if (adjustment.status !== 'pending') throw fail('ADJUSTMENT_NOT_PENDING');
    // Reviewing is always a second person's act, rejecting included (the table refuses it too).
    if (adjustment.requested_by === actor.staffId) throw fail('SECOND_APPROVER_MUST_DIFFER');
    const rejected = await reviewAdjustment(tx.db, id, {
      status: 'rejected',
      staffId: actor.staffId,
      reason,
      entryId: null,
      at: now,
    });
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'adjustment.reject',
      targetKind: 'adjustment',
      targetId: id.toString(),
      reason,
      before: { status: 'pending' },
      after: { status: 'rejected' },
      ip,
      at: now,
    });
    return rejected;
  });
}

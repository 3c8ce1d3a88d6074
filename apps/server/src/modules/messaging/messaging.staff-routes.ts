import { api } from '@kabuto/contract';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route, type StaffActor } from '../../platform/routes';
import { recordAudit, recordListView } from '../audit';
import { requireUnrevokedSession } from '../sessions';
import { refuseJoinedStaff } from '../staff';
import { findNotice, insertNotice, listNotices, lockNotice, reviewNotice } from './messaging.repository';
import { noticeView } from './messaging.service';

const noticeOf = async (db: Executor, id: bigint) => {
  const row = await findNotice(db, id);
  return noticeView(row, row);
};

/**
 * Approving publishes the notice to every investor; rejecting keeps it from them. Either is a second staff
 * member's act: the author can do neither (the table refuses it too).
 */
async function reviewPendingNotice(
  ctx: AppContext,
  actor: StaffActor,
  id: bigint,
  review: { status: 'approved' | 'rejected'; reason: string | null },
  ip: string | null,
) {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const pending = await lockNotice(tx.db, id);
    if (!pending) throw fail('NOTICE_NOT_FOUND');
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    if (pending.status !== 'pending') throw fail('NOTICE_NOT_PENDING');
    if (pending.created_by_staff_id === actor.staffId) throw fail('SECOND_APPROVER_MUST_DIFFER');
    // Publishing is what a second person guards; keeping a notice from investors harms no one.
    if (review.status === 'approved')
      await refuseJoinedStaff(ctx, tx.db, actor.staffId, [pending.created_by_staff_id], pending.created_at);
    await reviewNotice(tx.db, id, { ...review, staffId: actor.staffId, at: now });
    const notice = await noticeOf(tx.db, id);
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: review.status === 'approved' ? 'notice.approve' : 'notice.reject',
      targetKind: 'notice',
      targetId: notice.id,
      reason: review.reason,
      before: { status: 'pending', title: notice.title },
      after: { status: notice.status, publishedAt: notice.publishedAt },
      ip,
      at: now,
    });
    return notice;
  });
}

export function messagingStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffNotices.list, async ({ query, actor, meta }) => {
      const page = await listNotices(ctx.db, query);
      await recordListView(ctx, { actor, meta }, { action: 'notice.list', query, rows: page.items });
      return { ...page, items: page.items.map((row) => noticeView(row, row)) };
    }),

    route(api.staffNotices.create, async ({ body, actor, meta }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        const row = await insertNotice(tx.db, { ...body, staffId: actor.staffId, now });
        const notice = noticeView(row, { author: actor.username, reviewer: null });
        await recordAudit(tx.db, {
          staffId: actor.staffId,
          action: 'notice.create',
          targetKind: 'notice',
          targetId: notice.id,
          before: null,
          after: notice,
          ip: meta.ip,
          at: now,
        });
        return notice;
      });
    }),

    route(api.staffNotices.approve, ({ params, actor, meta }) =>
      reviewPendingNotice(ctx, actor, params.id, { status: 'approved', reason: null }, meta.ip),
    ),
    route(api.staffNotices.reject, ({ params, body, actor, meta }) =>
      reviewPendingNotice(ctx, actor, params.id, { status: 'rejected', reason: body.reason }, meta.ip),
    ),
  ];
}

import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { recordAudit } from '../audit';
import { insertNotice, listNotices } from './messaging.repository';
import { noticeView } from './messaging.service';

export function messagingStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffNotices.list, async ({ query }) => {
      const page = await listNotices(ctx.db, query);
      return { ...page, items: page.items.map((row) => noticeView(row, row.username)) };
    }),

    route(api.staffNotices.create, async ({ body, actor, meta }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        const row = await insertNotice(tx.db, { ...body, staffId: actor.staffId, now });
        const notice = noticeView(row, actor.username);
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
  ];
}

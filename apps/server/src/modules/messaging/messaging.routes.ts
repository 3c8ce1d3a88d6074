import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { lockSignedInUser } from '../users';
import { countUnread, markAllRead, markMessageRead, markNoticeRead } from './messaging.repository';
import { messagePage, parseMessageId } from './messaging.service';

export function messagingRoutes(ctx: AppContext) {
  return [
    route(api.messages.list, async ({ query, actor, request }) =>
      messagePage(ctx.db, actor.userId, request.lang, query),
    ),

    route(api.messages.unreadCount, async ({ actor }) => ({
      count: await countUnread(ctx.db, actor.userId),
    })),

    route(api.messages.markRead, async ({ params, actor }) => {
      const target = parseMessageId(params.id);
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        await lockSignedInUser(tx.db, actor);
        const mark = target.source === 'message' ? markMessageRead : markNoticeRead;
        if (!(await mark(tx.db, actor.userId, target.id, now))) throw fail('NOT_FOUND');
        return { count: await countUnread(tx.db, actor.userId) };
      });
    }),

    route(api.messages.markAllRead, async ({ actor }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        await lockSignedInUser(tx.db, actor);
        await markAllRead(tx.db, actor.userId, now);
        return { count: await countUnread(tx.db, actor.userId) };
      });
    }),
  ];
}

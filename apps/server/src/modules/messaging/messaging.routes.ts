import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route, type InvestorActor } from '../../platform/routes';
import type { Tx } from '../../platform/unit-of-work';
import { requireUnrevokedSession } from '../sessions';
import { lockUserById } from '../users';
import { countUnread, markAllRead, markMessageRead, markNoticeRead } from './messaging.repository';
import { messagePage, parseMessageId } from './messaging.service';

/** A change on the reader's behalf: their row locked, their session still open. */
async function asReader(tx: Tx, actor: InvestorActor) {
  if (!(await lockUserById(tx.db, actor.userId))) throw fail('SESSION_EXPIRED');
  await requireUnrevokedSession(tx.db, 'user', actor.sessionId);
}

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
        await asReader(tx, actor);
        const mark = target.source === 'message' ? markMessageRead : markNoticeRead;
        if (!(await mark(tx.db, actor.userId, target.id, now))) throw fail('NOT_FOUND');
        return { count: await countUnread(tx.db, actor.userId) };
      });
    }),

    route(api.messages.markAllRead, async ({ actor }) => {
      const now = ctx.clock.now();
      return ctx.transact(async (tx) => {
        await asReader(tx, actor);
        await markAllRead(tx.db, actor.userId, now);
        return { count: await countUnread(tx.db, actor.userId) };
      });
    }),
  ];
}

import { WATCHLIST_MAX } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { InvestorActor } from '../../platform/routes';
import { lockUserById } from '../users';
import {
  countWatchlist,
  findInstrument,
  findWatchlistEntry,
  insertWatchlistEntry,
} from './market.repository';

/** Adds a code to the caller's watchlist; adding one already there answers as the first time did. */
export async function addToWatchlist(ctx: AppContext, actor: InvestorActor, code: string) {
  const instrument = await findInstrument(ctx.db, code);
  if (!instrument) throw fail('INSTRUMENT_NOT_FOUND', { code });
  return ctx.transact(async (tx) => {
    // Two adds at once must not pass the cap together.
    await lockUserById(tx.db, actor.userId);
    const existing = await findWatchlistEntry(tx.db, actor.userId, code);
    if (existing) return { instrument, addedAt: existing.created_at };
    if ((await countWatchlist(tx.db, actor.userId)) >= WATCHLIST_MAX)
      throw fail('WATCHLIST_FULL', { max: WATCHLIST_MAX });
    const at = ctx.clock.now();
    await insertWatchlistEntry(tx.db, { userId: actor.userId, code, at });
    return { instrument, addedAt: at };
  });
}

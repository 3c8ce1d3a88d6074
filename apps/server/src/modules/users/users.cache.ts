import type { AppContext } from '../../platform/context';
import { ReadCache } from '../../platform/read-cache';
import { findUserById, USER_CHANGES } from './users.repository';
import type { UserRow } from './users.table';

const caches = new WeakMap<AppContext['bus'], ReadCache<UserRow>>();

function userCache(ctx: Pick<AppContext, 'bus' | 'clock' | 'config'>): ReadCache<UserRow> {
  let cache = caches.get(ctx.bus);
  if (!cache) {
    cache = new ReadCache<UserRow>({
      topic: USER_CHANGES,
      bus: ctx.bus,
      ttlMs: ctx.config.readCacheSeconds * 1000,
      maxEntries: 100_000,
      now: () => ctx.clock.now().getTime(),
    });
    caches.set(ctx.bus, cache);
  }
  return cache;
}

/**
 * A user as last committed, for reads on the request path that need no lock. Inside a transaction, or
 * before changing a user, read with `findUserById` or `lockUserById` instead.
 */
export const findUserCached = (ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>, id: bigint) =>
  userCache(ctx).read(id.toString(), () => findUserById(ctx.db, id));

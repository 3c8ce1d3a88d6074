import type { AppContext } from '../../platform/context';
import { ReadCache } from '../../platform/read-cache';
import type { SubjectKind } from './sessions.table';

/** The bus topic on which a revoked session's cache key is announced. */
export const SESSION_CHANGES = 'sessions.changed';

export const sessionCacheKey = (kind: SubjectKind, tokenHash: string) => `${kind}:${tokenHash}`;

export interface CachedSession {
  id: bigint;
  subject_id: bigint;
  expires_at: Date;
  last_seen_at: Date;
}

const caches = new WeakMap<AppContext['bus'], ReadCache<CachedSession>>();

/** Unrevoked sessions by token: the first read of every authenticated request. */
export function sessionCache(ctx: Pick<AppContext, 'bus' | 'clock' | 'config'>): ReadCache<CachedSession> {
  let cache = caches.get(ctx.bus);
  if (!cache) {
    cache = new ReadCache<CachedSession>({
      topic: SESSION_CHANGES,
      bus: ctx.bus,
      ttlMs: ctx.config.readCacheSeconds * 1000,
      maxEntries: 100_000,
      now: () => ctx.clock.now().getTime(),
    });
    caches.set(ctx.bus, cache);
  }
  return cache;
}

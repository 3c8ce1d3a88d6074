import type { AppContext } from '../../platform/context';
import { readCacheOf } from '../../platform/read-cache';
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

/** Unrevoked sessions by token: the first read of every authenticated request. */
export const sessionCache = (ctx: Pick<AppContext, 'bus' | 'clock' | 'config'>) =>
  readCacheOf<CachedSession>(ctx, SESSION_CHANGES);

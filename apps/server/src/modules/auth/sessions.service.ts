import type { Config } from '../../platform/config';
import type { Clock } from '../../platform/clock';
import type { ClientMeta } from '../../platform/context';
import { newToken, sha256 } from '../../platform/crypto';
import type { Executor } from '../../platform/db-types';
import { isSessionLive, needsTouch } from '../../platform/session-rules';
import { findLiveSessionByHash, insertSession, touchSession } from './sessions.repository';

export interface UserPrincipal {
  userId: bigint;
  sessionId: bigint;
}

export async function openSession(
  db: Executor,
  clock: Clock,
  config: Config,
  userId: bigint,
  meta: ClientMeta,
): Promise<{ token: string; sessionId: bigint }> {
  const token = newToken();
  const now = clock.now();
  const row = await insertSession(db, {
    user_id: userId,
    token_hash: sha256(token),
    device_id: meta.deviceId ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + config.sessionTtlSeconds * 1000),
  });
  return { token, sessionId: row.id };
}

/** The session a token opens, if it is neither revoked, past its absolute expiry, nor idle too long. */
export async function authenticate(
  db: Executor,
  clock: Clock,
  config: Config,
  token: string | undefined,
): Promise<UserPrincipal | null> {
  if (!token || token.length > 100) return null;
  const session = await findLiveSessionByHash(db, sha256(token));
  if (!session) return null;
  const now = clock.now();
  if (!isSessionLive(session, now, config.sessionIdleSeconds)) return null;
  if (needsTouch(session, now)) await touchSession(db, session.id, now);
  return { userId: session.user_id, sessionId: session.id };
}

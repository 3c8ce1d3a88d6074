/** The one rule for every session, investor or staff: an absolute lifetime and an idle timeout. */
export interface SessionTimes {
  expires_at: Date | string;
  last_seen_at: Date | string;
  revoked_at?: Date | string | null;
}

export function isSessionLive(session: SessionTimes, now: Date, idleSeconds: number): boolean {
  if (session.revoked_at) return false;
  if (new Date(session.expires_at).getTime() <= now.getTime()) return false;
  return new Date(session.last_seen_at).getTime() + idleSeconds * 1000 > now.getTime();
}

/** last_seen_at is written at most once a minute, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export const needsTouch = (session: SessionTimes, now: Date) =>
  now.getTime() - new Date(session.last_seen_at).getTime() >= TOUCH_INTERVAL_MS;

/** The earliest last_seen_at a live session can have: for filtering in SQL. */
export const idleCutoff = (now: Date, idleSeconds: number) => new Date(now.getTime() - idleSeconds * 1000);

export type { SessionsTables, SubjectKind } from './sessions.table';
export { isSessionLive, idleCutoff } from './session-rules';
export { SESSION_CHANGES, sessionCacheKey } from './session-cache';
export { AFTER_SUCCESS, lockedMinutes, type LockPolicy } from './lockout';
export {
  openSession,
  authenticateSession,
  requireUnrevokedSession,
  loginGate,
  countFailedLogin,
  countUnknownAccountFailure,
  sessionEndReason,
  trustDevice,
  type LoginGate,
} from './sessions.service';
export {
  forgetTrustedDevices,
  revokeSession,
  revokeOwnSession,
  revokeSessions,
  listLiveUserSessions,
  listRecentUserSessions,
  markSessionSteppedUp,
  findSessionStepUp,
} from './sessions.repository';

export { authRoutes } from './auth.routes';
export { accountRoutes } from './account.routes';
export { requireUser, principalOf, clientMeta } from './guard';
export { revokeSessions, listRecentSessions } from './sessions.repository';
export type { UserPrincipal } from './sessions.service';

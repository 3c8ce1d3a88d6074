export type { MessagingTables } from './messaging.table';
export { feedSummary, notify, notifyAll, type OutgoingMessage } from './messaging.service';
export { EVERY_USER, MESSAGE_CHANGES } from './messaging.repository';
export { messagingRoutes } from './messaging.routes';
export { messagingStaffRoutes } from './messaging.staff-routes';

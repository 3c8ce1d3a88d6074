export type { MessagingTables } from './messaging.table';
export { feedSummary, notify } from './messaging.service';
export { EVERY_USER, MESSAGE_CHANGES } from './messaging.repository';
export { messagingRoutes } from './messaging.routes';
export { messagingStaffRoutes } from './messaging.staff-routes';

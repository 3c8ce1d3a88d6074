export type { MessagingTables } from './messaging.table';
export { notify } from './messaging.service';
export { messagingRoutes } from './messaging.routes';
export { messagingStaffRoutes } from './messaging.staff-routes';

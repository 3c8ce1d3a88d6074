export { staffRoutes } from './staff.routes';
export { recordAudit } from './audit';

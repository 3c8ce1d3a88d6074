export type { AuditTables } from './audit.table';
export { recordAudit, type AuditRecord } from './audit.repository';
export { auditStaffRoutes } from './audit.staff-routes';

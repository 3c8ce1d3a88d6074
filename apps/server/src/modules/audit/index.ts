export type { AuditTables } from './audit.table';
export { recordAudit, recordListView, type AuditRecord } from './audit.repository';
export { auditStaffRoutes } from './audit.staff-routes';

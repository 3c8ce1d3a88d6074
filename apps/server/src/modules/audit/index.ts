export type { AuditTables } from './audit.table';
export { recordAudit, recordListView, type AuditRecord } from './audit.repository';
export { auditStaffRefusal } from './audit.refusals';
export { auditStaffRoutes } from './audit.staff-routes';

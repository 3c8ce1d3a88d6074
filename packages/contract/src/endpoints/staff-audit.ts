import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { auditEntry, auditQuery } from '../staff';

export const staffAuditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/staff/audit-log',
    tag: 'staff: audit',
    summary: 'The append-only audit log',
    access: staff('audit.read'),
    query: auditQuery,
    response: paged(auditEntry),
  }),
} as const;

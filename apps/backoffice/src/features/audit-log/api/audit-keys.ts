import type { api, QueryOf } from '@kabuto/contract';

export type AuditLogQuery = QueryOf<typeof api.staffAudit.list>;

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogQuery) => [...auditKeys.all, 'list', query] as const,
};

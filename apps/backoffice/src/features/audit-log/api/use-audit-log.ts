import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { auditKeys, type AuditLogQuery } from './audit-keys';

export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => apiClient.call(api.staffAudit.list, { query }),
    placeholderData: keepPreviousData,
  });
}

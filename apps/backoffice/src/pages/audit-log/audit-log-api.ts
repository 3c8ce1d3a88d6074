import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@kabuto/contract';
import { apiGet, type PageOf } from '../../app/api-client';

export interface AuditQuery {
  action: string;
  targetId: string;
  page: number;
  pageSize: number;
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['staff', 'audit-log', query],
    queryFn: () => apiGet<PageOf<AuditEntry>>('/api/staff/audit-log', { ...query }),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DevSmsItem } from '@kabuto/contract';
import { apiGet, type PageOf } from '../../app/api-client';

const AUTO_REFRESH_MS = 5_000;

export interface SmsOutboxQuery {
  mobile: string;
  page: number;
  pageSize: number;
}

/** Messages the development SMS adapter "sent", refreshed every five seconds. */
export function useSmsOutbox(query: SmsOutboxQuery) {
  return useQuery({
    queryKey: ['staff', 'sms-outbox', query],
    queryFn: () => apiGet<PageOf<DevSmsItem>>('/api/staff/sms-outbox', { ...query }),
    placeholderData: keepPreviousData,
    refetchInterval: AUTO_REFRESH_MS,
  });
}

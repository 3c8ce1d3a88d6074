import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { smsOutboxKeys, type SmsOutboxQuery } from './sms-outbox-keys';

/**
 * Messages the development SMS adapter "sent". Every read is written to the audit log, so the list loads
 * only when the screen opens, the filter changes or the staff member asks (no polling, no refetch on focus).
 */
export function useSmsOutbox(query: SmsOutboxQuery) {
  return useQuery({
    queryKey: smsOutboxKeys.list(query),
    queryFn: () => apiClient.call(api.staffSms.outbox, { query }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

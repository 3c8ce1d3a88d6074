import type { api, QueryOf } from '@kabuto/contract';

export type SmsOutboxQuery = QueryOf<typeof api.staffSms.outbox>;

export const smsOutboxKeys = {
  all: ['sms-outbox'] as const,
  list: (query: SmsOutboxQuery) => [...smsOutboxKeys.all, 'list', query] as const,
};

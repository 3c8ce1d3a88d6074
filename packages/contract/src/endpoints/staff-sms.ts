import { devSmsItem } from '../system';
import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { smsOutboxQuery } from '../staff';

export const staffSmsEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/staff/sms-outbox',
    tag: 'staff: SMS outbox',
    summary: 'Messages of the dev SMS outbox (every look is audited)',
    access: staff('sms.read'),
    query: smsOutboxQuery,
    response: paged(devSmsItem),
    carriesSecrets: true,
  }),
} as const;

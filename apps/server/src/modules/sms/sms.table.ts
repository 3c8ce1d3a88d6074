import type { SmsPurpose } from '@kabuto/contract';
import type { Generated } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

export interface SmsCodesTable {
  id: Id;
  mobile: string;
  purpose: SmsPurpose;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

/** Messages the dev SMS adapter "sent": readable by developers and staff instead of a provider. */
export interface SmsOutboxTable {
  id: Id;
  mobile: string;
  purpose: string;
  code: string;
  body: string;
  created_at: Timestamp;
}

export interface SmsTables {
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
}

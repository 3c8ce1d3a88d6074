import type { Generated, Selectable } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

interface SessionColumns {
  id: Id;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface SessionsTable extends SessionColumns {
  user_id: bigint;
  device_id: string | null;
}

export interface StaffSessionsTable extends SessionColumns {
  staff_id: bigint;
}

/** Who a session or a trusted device belongs to: an investor (users) or a staff member (staff_users). */
export type SubjectKind = 'user' | 'staff';

export interface TrustedDevicesTable {
  id: Id;
  subject_kind: SubjectKind;
  subject_id: bigint;
  token_hash: string;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface SessionsTables {
  sessions: SessionsTable;
  staff_sessions: StaffSessionsTable;
  trusted_devices: TrustedDevicesTable;
}

export type TrustedDeviceRow = Selectable<TrustedDevicesTable>;

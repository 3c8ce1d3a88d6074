import type { ColumnType, Generated, Selectable } from 'kysely';
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
  /** Until when a verified second factor allows sensitive actions (modules/factors). */
  stepped_up_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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

/** Wrong passwords typed for accounts that do not exist, counted like real ones (see the migration). */
export interface UnknownAccountLoginFailuresTable {
  account: string;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

export interface SessionsTables {
  sessions: SessionsTable;
  staff_sessions: StaffSessionsTable;
  trusted_devices: TrustedDevicesTable;
  unknown_account_login_failures: UnknownAccountLoginFailuresTable;
}

export type TrustedDeviceRow = Selectable<TrustedDevicesTable>;

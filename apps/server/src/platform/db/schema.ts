import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables, as Kysely sees them. BIGINT columns read as bigint on both engines. */
type Id = ColumnType<bigint, bigint | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultNow = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Id;
  mobile: string;
  password_hash: string;
  transaction_password_hash: string | null;
  status: Generated<'active' | 'frozen'>;
  frozen_reason: string | null;
  kyc_status: Generated<'none' | 'pending' | 'passed' | 'rejected'>;
  credit_score: Generated<number>;
  invitation_code_id: bigint | null;
  referral_code: string;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  last_login_at: Timestamp | null;
  created_at: DefaultNow;
}

export interface SessionsTable {
  id: Id;
  user_id: bigint;
  token_hash: string;
  device_id: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface StaffUsersTable {
  id: Id;
  username: string;
  display_name: string;
  password_hash: string;
  totp_secret: string;
  role: 'admin' | 'compliance' | 'finance' | 'dealer' | 'support';
  disabled: Generated<boolean>;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  last_totp_step: bigint | null;
  created_at: DefaultNow;
}

export interface StaffSessionsTable {
  id: Id;
  staff_id: bigint;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface InvitationCodesTable {
  id: Id;
  code: string;
  kind: 'staff' | 'user';
  owner_user_id: bigint | null;
  created_by_staff_id: bigint | null;
  max_uses: number | null;
  used_count: Generated<number>;
  note: string | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  created_at: DefaultNow;
}

export interface SmsCodesTable {
  id: Id;
  mobile: string;
  purpose: 'register' | 'reset_password';
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface SmsOutboxTable {
  id: Id;
  mobile: string;
  purpose: string;
  code: string;
  body: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  staff_id: bigint | null;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  reason: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultNow;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  invitation_codes: InvitationCodesTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  audit_log: AuditLogTable;
  schema_migrations: SchemaMigrationsTable;
}

import type { SeedTextKey, StaffRole } from '@kabuto/contract';
import type { Generated, Selectable } from 'kysely';
import type { DefaultNow, Id, Timestamp } from '../../platform/db/columns';

export interface StaffUsersTable {
  id: Id;
  username: string;
  display_name: string;
  display_name_key: SeedTextKey | null;
  password_hash: string;
  totp_secret: string;
  role: StaffRole;
  disabled: Generated<boolean>;
  disabled_reason: string | null;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  last_totp_step: bigint | null;
  last_login_at: Timestamp | null;
  created_at: DefaultNow;
}

/** An admin setting a member's credentials (creation, password or authenticator reset); see custody.ts. */
export interface StaffCredentialIssuesTable {
  id: Id;
  staff_id: bigint;
  issued_by: bigint;
  issued_at: Timestamp;
  /** When the member first set a password of its own after this issue; null while it still uses the issued one. */
  released_at: Timestamp | null;
  /** The hash of the password the admin issued; null for an authenticator reset. */
  password_hash: string | null;
}

export interface StaffTables {
  staff_users: StaffUsersTable;
  staff_credential_issues: StaffCredentialIssuesTable;
}

export type StaffRow = Selectable<StaffUsersTable>;

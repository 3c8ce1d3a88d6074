import type { KycStatus, UserStatus } from '@kabuto/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DefaultNow, Id, Timestamp } from '../../platform/db/columns';

export interface UsersTable {
  id: Id;
  mobile: string;
  password_hash: string;
  transaction_password_hash: string | null;
  status: Generated<UserStatus>;
  frozen_reason: string | null;
  kyc_status: Generated<KycStatus>;
  /** The name identity verification passed with; set by the database (migration 20261201T1800). */
  real_name: ColumnType<string | null, never, never>;
  credit_score: Generated<number>;
  invitation_code_id: bigint | null;
  referral_code: string;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  last_login_at: Timestamp | null;
  created_at: DefaultNow;
}

export interface UsersTables {
  users: UsersTable;
}

export type UserRow = Selectable<UsersTable>;

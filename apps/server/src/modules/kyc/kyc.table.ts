import type { KycSubmissionStatus } from '@kabuto/contract';
import type { Generated, Selectable } from 'kysely';
import type { DefaultNow, Id, Timestamp } from '../../platform/db/columns';

export interface KycSubmissionsTable {
  id: Id;
  user_id: bigint;
  full_name: string;
  /** フリガナ, normalised (full-width katakana, single spaces); null on submissions made before it was asked for. */
  full_name_kana: string | null;
  id_number: string;
  /** Random names of the re-encoded photos under DATA_DIR/kyc. */
  front_file_id: string;
  back_file_id: string;
  status: Generated<KycSubmissionStatus>;
  reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: Timestamp | null;
  first_approved_by: bigint | null;
  first_approved_at: Timestamp | null;
  created_at: DefaultNow;
}

export interface KycTables {
  kyc_submissions: KycSubmissionsTable;
}

export type KycSubmissionRow = Selectable<KycSubmissionsTable>;

import type { InvitationKind, SeedTextKey } from '@kabuto/contract';
import type { Generated, Selectable } from 'kysely';
import type { DefaultNow, Id, Timestamp } from '../../platform/db/columns';

export interface InvitationCodesTable {
  id: Id;
  code: string;
  kind: InvitationKind;
  owner_user_id: bigint | null;
  created_by_staff_id: bigint | null;
  max_uses: number | null;
  used_count: Generated<number>;
  note: string | null;
  note_key: SeedTextKey | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  created_at: DefaultNow;
}

export interface InvitationsTables {
  invitation_codes: InvitationCodesTable;
}

export type InvitationRow = Selectable<InvitationCodesTable>;

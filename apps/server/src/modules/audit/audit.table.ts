import type { ColumnType } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

/** Append-only: a database trigger refuses UPDATE, DELETE and TRUNCATE. */
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

export interface AuditTables {
  audit_log: AuditLogTable;
}

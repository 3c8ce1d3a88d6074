import type { MessageKind, ReviewStatus } from '@kabuto/contract';
import type { ColumnType, Selectable } from 'kysely';
import type { Id, Timestamp } from '../../platform/db/columns';

export type MessageParamValues = Record<string, string>;

export interface MessagesTable {
  id: Id;
  user_id: bigint;
  kind: MessageKind;
  /** JSONB: written as a JSON string, read as an object on both engines. */
  params: ColumnType<MessageParamValues, string, never>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export interface NoticesTable {
  id: Id;
  title: string;
  body: string;
  status: ReviewStatus;
  created_by_staff_id: bigint;
  created_at: Timestamp;
  reviewed_by_staff_id: bigint | null;
  reviewed_at: Timestamp | null;
  review_reason: string | null;
  /** When investors first saw it: the approval's time. */
  published_at: Timestamp | null;
}

export interface NoticeReadsTable {
  notice_id: bigint;
  user_id: bigint;
  read_at: Timestamp;
}

export interface MessagingTables {
  messages: MessagesTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
}

export type NoticeRow = Selectable<NoticesTable>;

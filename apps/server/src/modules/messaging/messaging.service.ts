import {
  MESSAGE_CATEGORY,
  MESSAGE_KINDS,
  type MessageCategory,
  type MessageItem,
  type MessageKind,
  type MessageParams,
  type Notice,
} from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { Executor } from '../../database';
import { iso } from '../../platform/db';
import { fail } from '../../platform/errors';
import { renderMessage } from './message-render';
import {
  countUnread,
  insertMessage,
  insertMessages,
  listFeed,
  type FeedFilter,
  type FeedPosition,
  type FeedRow,
} from './messaging.repository';
import type { NoticeRow } from './messaging.table';

/**
 * Leaves a message for a user, in the caller's transaction (`db` is its executor): an operation that rolls
 * back leaves no message. `at` is when it happened: pass the caller's `ctx.clock.now()`; the current time otherwise.
 */
export async function notify<K extends MessageKind>(
  db: Executor,
  userId: bigint,
  kind: K,
  params: MessageParams[K],
  at: Date = new Date(),
): Promise<void> {
  await insertMessage(db, { userId, kind, params: { ...params }, now: at });
}

export interface OutgoingMessage<K extends MessageKind = MessageKind> {
  userId: bigint;
  kind: K;
  params: MessageParams[K];
  at: Date;
}

/** Several messages at once (one statement): what a batch of trading decisions tells its users. */
export async function notifyAll(db: Executor, notices: readonly OutgoingMessage[]): Promise<void> {
  await insertMessages(
    db,
    notices.map((n) => ({ userId: n.userId, kind: n.kind, params: { ...n.params }, now: n.at })),
  );
}

/** The public id of a feed item: `m12` (a message) or `n3` (a notice). */
const publicId = (source: FeedRow['source'], id: bigint) => `${source === 'message' ? 'm' : 'n'}${id}`;

export function parseMessageId(id: string): { source: FeedRow['source']; id: bigint } {
  return { source: id.startsWith('m') ? 'message' : 'notice', id: BigInt(id.slice(1)) };
}

const encodeCursor = (row: FeedRow) =>
  Buffer.from(JSON.stringify([iso(row.created_at), row.source, row.id.toString()])).toString('base64url');

/** An instant as the server writes one into a cursor (toISOString of a time since 1970: a message's creation). */
const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The place a cursor names. Only a cursor in exactly the form the server issues is read: an altered or made-up
 * one (a year the database cannot hold, say) is refused, never sent on to a query.
 */
function decodeCursor(cursor: string): FeedPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, source, id] = parsed as unknown[];
      if (
        typeof at === 'string' &&
        CURSOR_INSTANT.test(at) &&
        (source === 'message' || source === 'notice') &&
        typeof id === 'string' &&
        /^[1-9]\d{0,17}$/.test(id)
      ) {
        const createdAt = new Date(at);
        const position: FeedPosition = { createdAt, source, id: BigInt(id) };
        if (createdAt.getTime() >= 0 && createdAt.toISOString() === at) return position;
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw fail('VALIDATION_FAILED', { field: 'cursor' });
}

function toItem(lang: Lang, row: FeedRow): MessageItem {
  const text =
    row.source === 'message' && row.kind
      ? renderMessage(lang, row.kind, row.params ?? {})
      : { title: row.title ?? '', body: row.body ?? '' };
  return {
    id: publicId(row.source, row.id),
    source: row.source,
    kind: row.source === 'message' ? row.kind : null,
    ...text,
    read: row.read_at !== null,
    createdAt: iso(row.created_at) ?? '',
  };
}

/** One page of the user's feed, newest first, and the cursor of the next page (null on the last). */
export async function messagePage(
  db: Executor,
  userId: bigint,
  lang: Lang,
  query: { cursor?: string | undefined; limit: number; category?: MessageCategory | undefined },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await listFeed(db, userId, query.limit + 1, after, feedFilter(query.category));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toItem(lang, row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/** A filter of お知らせ as the part of the feed it lists: その他 holds the firm's notices too. */
function feedFilter(category: MessageCategory | undefined): FeedFilter {
  if (!category) return { kinds: null, notices: true };
  const kinds = MESSAGE_KINDS.filter((kind) => MESSAGE_CATEGORY[kind] === category);
  return { kinds, notices: category === 'other' };
}

export const noticeView = (
  row: NoticeRow,
  staff: { author: string | null; reviewer: string | null },
): Notice => ({
  id: row.id.toString(),
  title: row.title,
  body: row.body,
  status: row.status,
  createdBy: staff.author,
  createdAt: iso(row.created_at) ?? '',
  reviewedBy: staff.reviewer,
  reviewReason: row.review_reason,
  reviewedAt: iso(row.reviewed_at),
  publishedAt: iso(row.published_at),
});

/** What the realtime messages channel carries: the unread count and the newest item, in `lang`. */
export async function feedSummary(db: Executor, userId: bigint, lang: Lang) {
  const [unread, newest] = await Promise.all([countUnread(db, userId), listFeed(db, userId, 1, null)]);
  return { unread, newest: newest[0] ? toItem(lang, newest[0]) : null };
}

import type { MessageKind, ReviewStatus } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../database';
import { inStatementChunks } from '../../platform/db';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import { announceChange } from '../../platform/unit-of-work';
import type { MessageParamValues, NoticeRow } from './messaging.table';

/**
 * Announced after the commit of every change to what a user's feed shows (a new message, something read):
 * the key is the user id, or EVERY_USER for a notice, which every investor sees.
 */
export const MESSAGE_CHANGES = 'messaging.feed-changed';
export const EVERY_USER = '*';
const announceFeedChange = (db: Executor, userId: bigint | typeof EVERY_USER) =>
  announceChange(db, MESSAGE_CHANGES, userId.toString());

export async function insertMessage(
  db: Executor,
  values: { userId: bigint; kind: MessageKind; params: MessageParamValues; now: Date },
): Promise<bigint> {
  const row = await db
    .insertInto('messages')
    .values({
      user_id: values.userId,
      kind: values.kind,
      params: JSON.stringify(values.params),
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await announceFeedChange(db, values.userId);
  return row.id;
}

/** Several messages in one statement; each user's feed is announced once. */
export async function insertMessages(
  db: Executor,
  messages: readonly { userId: bigint; kind: MessageKind; params: MessageParamValues; now: Date }[],
): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((m) => ({
    user_id: m.userId,
    kind: m.kind,
    params: JSON.stringify(m.params),
    created_at: m.now,
  }));
  await inStatementChunks(rows, (chunk) => db.insertInto('messages').values(chunk).execute());
  for (const userId of new Set(messages.map((m) => m.userId))) await announceFeedChange(db, userId);
}

/** Where a page of the feed continues: the last item seen, in the feed's order. */
export interface FeedPosition {
  createdAt: Date;
  source: 'message' | 'notice';
  id: bigint;
}

export interface FeedRow {
  source: 'message' | 'notice';
  id: bigint;
  kind: MessageKind | null;
  params: MessageParamValues | null;
  title: string | null;
  body: string | null;
  created_at: Date;
  read_at: Date | null;
}

/** Notices an investor sees: those approved and published since the account was opened. */
const visibleNotices = (userId: bigint) => sql`
  notices n JOIN users u ON u.id = ${userId} AND n.status = 'approved' AND n.published_at >= u.created_at`;

/** Which part of the feed to list: the messages of these kinds (all when null), and the notices or not. */
export interface FeedFilter {
  kinds: readonly MessageKind[] | null;
  notices: boolean;
}

/**
 * The user's messages and the notices they see, merged newest first (ties broken by source, then id, so
 * the order is total and a cursor never skips or repeats an item), after `after` when given.
 */
export async function listFeed(
  db: Executor,
  userId: bigint,
  limit: number,
  after: FeedPosition | null,
  filter: FeedFilter = { kinds: null, notices: true },
): Promise<FeedRow[]> {
  const position = after
    ? sql`WHERE (created_at, source, id) < (${after.createdAt}, ${after.source}, ${after.id})`
    : sql``;
  const ofKinds = filter.kinds
    ? sql`AND m.kind IN (${sql.join(filter.kinds.map((kind) => sql`${kind}`))})`
    : sql``;
  const notices = filter.notices
    ? sql`UNION ALL
      SELECT 'notice' AS source, n.id, NULL, NULL, n.title, n.body, n.published_at, r.read_at
        FROM ${visibleNotices(userId)}
        LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = ${userId}`
    : sql``;
  const { rows } = await sql<FeedRow>`
    SELECT * FROM (
      SELECT 'message' AS source, m.id, m.kind, m.params, NULL AS title, NULL AS body, m.created_at, m.read_at
        FROM messages m WHERE m.user_id = ${userId} ${ofKinds}
      ${notices}
    ) feed
    ${position}
    ORDER BY created_at DESC, source DESC, id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

export async function countUnread(db: Executor, userId: bigint): Promise<number> {
  const { rows } = await sql<{ n: bigint | number | string }>`
    SELECT
      (SELECT count(*) FROM messages WHERE user_id = ${userId} AND read_at IS NULL)
      + (SELECT count(*) FROM ${visibleNotices(userId)}
          WHERE NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ${userId}))
      AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Marks the user's own message read (kept at the first reading). False when the user has no such message. */
export async function markMessageRead(db: Executor, userId: bigint, id: bigint, now: Date) {
  const found = await db
    .updateTable('messages')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<Date>`${now}`) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (found) await announceFeedChange(db, userId);
  return found !== undefined;
}

/** Marks a notice the user sees read. False when there is no such notice for this user. */
export async function markNoticeRead(db: Executor, userId: bigint, id: bigint, now: Date) {
  const { rows } = await sql<{ id: bigint }>`
    SELECT n.id FROM ${visibleNotices(userId)} WHERE n.id = ${id}`.execute(db);
  if (rows.length === 0) return false;
  await db
    .insertInto('notice_reads')
    .values({ notice_id: id, user_id: userId, read_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
  await announceFeedChange(db, userId);
  return true;
}

export async function markAllRead(db: Executor, userId: bigint, now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  await sql`
    INSERT INTO notice_reads (notice_id, user_id, read_at)
    SELECT n.id, ${userId}, ${now} FROM ${visibleNotices(userId)}
    ON CONFLICT (user_id, notice_id) DO NOTHING`.execute(db);
  await announceFeedChange(db, userId);
}

/** A notice as written: pending until a different staff member approves it; no investor sees it yet. */
export async function insertNotice(
  db: Executor,
  values: { title: string; body: string; staffId: bigint; now: Date },
): Promise<NoticeRow> {
  return db
    .insertInto('notices')
    .values({
      title: values.title,
      body: values.body,
      status: 'pending',
      created_by_staff_id: values.staffId,
      created_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function lockNotice(db: Executor, id: bigint): Promise<NoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Approving publishes the notice to every investor at `at`; rejecting keeps it from them for good. */
export async function reviewNotice(
  db: Executor,
  id: bigint,
  review: { status: 'approved' | 'rejected'; staffId: bigint; reason: string | null; at: Date },
): Promise<NoticeRow> {
  const row = await db
    .updateTable('notices')
    .set({
      status: review.status,
      reviewed_by_staff_id: review.staffId,
      reviewed_at: review.at,
      review_reason: review.reason,
      published_at: review.status === 'approved' ? review.at : null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (review.status === 'approved') await announceFeedChange(db, EVERY_USER);
  return row;
}

/** Notices with the usernames of who wrote and who reviewed them. */
const noticesWithStaff = (db: Executor) =>
  db
    .selectFrom('notices')
    .leftJoin('staff_users as author', 'author.id', 'notices.created_by_staff_id')
    .leftJoin('staff_users as reviewer', 'reviewer.id', 'notices.reviewed_by_staff_id');

const withStaffNames = <Q extends ReturnType<typeof noticesWithStaff>>(q: Q) =>
  q.selectAll('notices').select(['author.username as author', 'reviewer.username as reviewer']);

export function findNotice(db: Executor, id: bigint) {
  return withStaffNames(noticesWithStaff(db)).where('notices.id', '=', id).executeTakeFirstOrThrow();
}

export async function listNotices(
  db: Executor,
  request: PageRequest & { status?: ReviewStatus | undefined },
) {
  const { status } = request;
  return fetchPage(
    status === undefined ? noticesWithStaff(db) : noticesWithStaff(db).where('notices.status', '=', status),
    (q) => withStaffNames(q).orderBy('notices.created_at', 'desc').orderBy('notices.id', 'desc'),
    request,
    (row) => row,
  );
}

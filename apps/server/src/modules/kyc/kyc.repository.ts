import type { KycSubmissionStatus } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { KycSubmissionRow } from './kyc.table';

export interface NewSubmission {
  userId: bigint;
  fullName: string;
  fullNameKana: string;
  idNumber: string;
  frontFileId: string;
  backFileId: string;
  now: Date;
}

export const insertSubmission = (db: Executor, input: NewSubmission) =>
  db
    .insertInto('kyc_submissions')
    .values({
      user_id: input.userId,
      full_name: input.fullName,
      full_name_kana: input.fullNameKana,
      id_number: input.idNumber,
      front_file_id: input.frontFileId,
      back_file_id: input.backFileId,
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const latestSubmissionOf = (db: Executor, userId: bigint) =>
  db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The katakana name of the user's latest passed submission (null when none, or it predates フリガナ). */
export const passedKanaNameOf = async (db: Executor, userId: bigint) =>
  (
    await db
      .selectFrom('kyc_submissions')
      .select('full_name_kana')
      .where('user_id', '=', userId)
      .where('status', '=', 'passed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.full_name_kana ?? null;

export const findSubmission = (db: Executor, id: bigint) =>
  db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();

export const lockSubmission = (db: Executor, id: bigint) =>
  db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export interface Decision {
  status: Exclude<KycSubmissionStatus, 'pending'>;
  reason: string | null;
  staffId: bigint;
  now: Date;
}

/** The first of two approvals: the submission stays pending until another staff member decides. */
export const recordFirstApproval = (db: Executor, id: bigint, staffId: bigint, now: Date) =>
  db
    .updateTable('kyc_submissions')
    .set({ first_approved_by: staffId, first_approved_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('first_approved_by', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();

export const decideSubmission = (db: Executor, id: bigint, decision: Decision) =>
  db
    .updateTable('kyc_submissions')
    .set({
      status: decision.status,
      reason: decision.reason,
      reviewed_by: decision.staffId,
      reviewed_at: decision.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();

/** Sets the フリガナ of a passed submission that has none; undefined when it has one or is not passed. */
export const recordSubmissionKana = (db: Executor, id: bigint, fullNameKana: string) =>
  db
    .updateTable('kyc_submissions')
    .set({ full_name_kana: fullNameKana })
    .where('id', '=', id)
    .where('status', '=', 'passed')
    .where('full_name_kana', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Earlier submissions of a user, newest first. */
export const previousSubmissionsOf = (db: Executor, userId: bigint, beforeId: bigint) =>
  db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();

/** The review queue: pending submissions first (oldest first, as they were received), then the decided ones, newest first. */
export function listSubmissions(
  db: Executor,
  filter: PageRequest & { status?: KycSubmissionStatus | undefined },
) {
  let query = db.selectFrom('kyc_submissions');
  if (filter.status) query = query.where('status', '=', filter.status);
  return fetchPage(
    query,
    (q) =>
      q
        .selectAll()
        .orderBy(sql`status <> 'pending'`)
        .orderBy(sql`CASE WHEN status = 'pending' THEN id ELSE -id END`),
    filter,
    (row) => row,
  );
}

export async function staffNamesOf(db: Executor, rows: KycSubmissionRow[]): Promise<Map<bigint, string>> {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.reviewed_by, row.first_approved_by]).filter((id) => id !== null)),
  ];
  if (!ids.length) return new Map();
  const staff = await db
    .selectFrom('staff_users')
    .select(['id', 'username'])
    .where('id', 'in', ids)
    .execute();
  return new Map(staff.map((s) => [s.id, s.username]));
}

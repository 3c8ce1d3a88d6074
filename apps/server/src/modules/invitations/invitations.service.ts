import type { InvitationCode } from '@kabuto/contract';
import type { Selectable } from 'kysely';
import { randomCode } from '../../platform/crypto';
import type { Executor } from '../../platform/db-types';
import { iso, isUniqueViolation } from '../../platform/db-types';
import type { InvitationCodesTable } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import { fetchPage } from '../../platform/pagination';

type InvitationRow = Selectable<InvitationCodesTable>;

/**
 * Locks a usable invitation code (exists, enabled, uses left) for the registering transaction;
 * codes compare case-insensitively. Null when the code cannot be used.
 */
export async function lockUsableInvitation(db: Executor, code: string): Promise<InvitationRow | null> {
  const row = await db
    .selectFrom('invitation_codes')
    .selectAll()
    .where('code', '=', code.trim().toUpperCase())
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.disabled_at !== null) return null;
  if (row.max_uses !== null && row.used_count >= row.max_uses) return null;
  return row;
}

export async function consumeInvitation(db: Executor, id: bigint): Promise<void> {
  await db
    .updateTable('invitation_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Each user gets a referral code of their own, usable without limit. */
export async function createReferralInvitation(db: Executor, userId: bigint, code: string): Promise<void> {
  await db
    .insertInto('invitation_codes')
    .values({ code, kind: 'user', owner_user_id: userId, max_uses: null })
    .execute();
}

export async function newUniqueCode(db: Executor, length = 8): Promise<string> {
  for (;;) {
    const code = randomCode(length);
    const taken = await db
      .selectFrom('invitation_codes')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

export interface NewStaffInvitation {
  code?: string | undefined;
  maxUses: number | null;
  note?: string | undefined;
  staffId: bigint;
}

export async function createStaffInvitation(
  db: Executor,
  input: NewStaffInvitation,
): Promise<InvitationCode> {
  const code = input.code ? input.code.toUpperCase() : await newUniqueCode(db);
  try {
    const row = await db
      .insertInto('invitation_codes')
      .values({
        code,
        kind: 'staff',
        max_uses: input.maxUses,
        note: input.note ?? null,
        created_by_staff_id: input.staffId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await describe(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('INVITE_CODE_EXISTS', 409);
    throw error;
  }
}

export async function disableInvitation(db: Executor, id: bigint, reason: string, now: Date) {
  const before = await db
    .selectFrom('invitation_codes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw fail('NOT_FOUND', 404);
  const after = await db
    .updateTable('invitation_codes')
    .set({ disabled_at: before.disabled_at ?? now, disabled_reason: before.disabled_reason ?? reason })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const [beforeView, afterView] = await describe(db, [before, after]);
  return { before: beforeView!, after: afterView! };
}

export async function listInvitations(db: Executor, page: number, pageSize: number) {
  const result = await fetchPage(
    db.selectFrom('invitation_codes').where('kind', '=', 'staff'),
    (q) => q.selectAll().orderBy('id', 'desc'),
    { page, pageSize },
    (row) => row,
  );
  return { ...result, items: await describe(db, result.items) };
}

async function describe(db: Executor, rows: InvitationRow[]): Promise<InvitationCode[]> {
  const staffIds = [...new Set(rows.map((row) => row.created_by_staff_id).filter((id) => id !== null))];
  const staff = staffIds.length
    ? await db.selectFrom('staff_users').select(['id', 'username']).where('id', 'in', staffIds).execute()
    : [];
  const names = new Map(staff.map((s) => [s.id, s.username]));
  return rows.map((row) => ({
    id: row.id.toString(),
    code: row.code,
    kind: row.kind,
    maxUses: row.max_uses,
    usedCount: row.used_count,
    note: row.note,
    disabled: row.disabled_at !== null,
    createdBy: row.created_by_staff_id === null ? null : (names.get(row.created_by_staff_id) ?? null),
    createdAt: iso(row.created_at) ?? '',
  }));
}

import type { InvitationCode, InvitationKind, SeedTextKey } from '@kabuto/contract';
import type { Executor } from '../../database';
import { randomCode } from '../../platform/crypto';
import { iso, isUniqueViolation } from '../../platform/db';
import { fail } from '../../platform/errors';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { InvitationRow } from './invitations.table';

/**
 * A usable invitation code, compared case-insensitively: it exists, is enabled, has uses left, and, for
 * a user's referral code, its owner is not frozen. Null otherwise.
 */
export async function findUsableInvitation(db: Executor, code: string): Promise<InvitationRow | null> {
  const row = await db
    .selectFrom('invitation_codes')
    .leftJoin('users as owner', 'owner.id', 'invitation_codes.owner_user_id')
    .selectAll('invitation_codes')
    .select('owner.status as owner_status')
    .where('invitation_codes.code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row || row.disabled_at !== null || row.owner_status === 'frozen') return null;
  if (row.max_uses !== null && row.used_count >= row.max_uses) return null;
  const { owner_status: _owner, ...invitation } = row;
  return invitation;
}

/**
 * Uses the code once if it still has a use left, in one statement: concurrent registrations on the last
 * use cannot both get it, and no lock is held longer than the update. False when it had none left.
 */
export async function consumeInvitation(db: Executor, id: bigint): Promise<boolean> {
  const used = await db
    .updateTable('invitation_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Each user gets a referral code of their own, usable without limit. */
export async function createReferralInvitation(
  db: Executor,
  userId: bigint,
  code: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('invitation_codes')
    .values({ code, kind: 'user', owner_user_id: userId, max_uses: null, created_at: now })
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
  noteKey?: SeedTextKey | undefined;
  staffId: bigint;
  now: Date;
}

export async function insertStaffInvitation(
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
        note_key: input.noteKey ?? null,
        created_by_staff_id: input.staffId,
        created_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await describe(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('INVITE_CODE_EXISTS');
    throw error;
  }
}

/** Disables any code, staff-issued or a user's referral code. */
export async function disableInvitation(db: Executor, id: bigint, reason: string, now: Date) {
  const before = await db
    .selectFrom('invitation_codes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw fail('NOT_FOUND');
  if (before.disabled_at !== null) throw fail('INVITE_ALREADY_DISABLED');
  const after = await db
    .updateTable('invitation_codes')
    .set({ disabled_at: now, disabled_reason: reason })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const [beforeView, afterView] = await describe(db, [before, after]);
  return { before: beforeView!, after: afterView! };
}

export async function listInvitations(
  db: Executor,
  filter: PageRequest & { kind?: InvitationKind | undefined; q?: string | undefined },
) {
  let query = db.selectFrom('invitation_codes');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  const q = filter.q?.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (q) query = query.where('code', 'like', `%${q}%`);
  const result = await fetchPage(
    query,
    (q) => q.selectAll().orderBy('id', 'desc'),
    filter,
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
    ownerUserId: row.owner_user_id?.toString() ?? null,
    maxUses: row.max_uses,
    usedCount: row.used_count,
    note: row.note,
    noteKey: row.note_key,
    disabled: row.disabled_at !== null,
    createdBy: row.created_by_staff_id === null ? null : (names.get(row.created_by_staff_id) ?? null),
    createdAt: iso(row.created_at) ?? '',
  }));
}

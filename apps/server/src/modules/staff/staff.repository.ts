import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { DB, Executor } from '../../database';
import { fetchPage, type PageRequest } from '../../platform/pagination';
import type { StaffUsersTable } from './staff.table';
import type { CredentialIssue } from './custody';

export const findStaffById = (db: Executor, id: bigint) =>
  db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();

export const lockStaffById = (db: Executor, id: bigint) =>
  db.selectFrom('staff_users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const lockStaffByUsername = (db: Executor, username: string) =>
  db.selectFrom('staff_users').selectAll().where('username', '=', username).forUpdate().executeTakeFirst();

export const findStaffByUsername = (db: Executor, username: string) =>
  db.selectFrom('staff_users').selectAll().where('username', '=', username).executeTakeFirst();

export const anyStaffExists = async (db: Executor) =>
  (await db.selectFrom('staff_users').select('id').limit(1).executeTakeFirst()) !== undefined;

export const insertStaff = (db: Executor, values: Insertable<StaffUsersTable>) =>
  db.insertInto('staff_users').values(values).returningAll().executeTakeFirstOrThrow();

export const updateStaff = (db: Executor, id: bigint, values: Updateable<StaffUsersTable>) =>
  db.updateTable('staff_users').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const listStaff = (db: Executor, page: PageRequest) =>
  fetchPage(
    db.selectFrom('staff_users'),
    (q) => q.selectAll().orderBy('id', 'asc'),
    page,
    (row) => row,
  );

export async function countEnabledAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records an admin's issue of a member's credentials: with the issued password's hash, or none for an
 * authenticator reset, which is released at once when the member's password is already its own.
 */
export async function insertCredentialIssue(
  db: Executor,
  issue: CredentialIssue & { passwordHash: string | null },
  at: Date,
): Promise<void> {
  const passwordIsOwn = issue.passwordHash === null && !(await holdsIssuedPassword(db, issue.staffId));
  await db
    .insertInto('staff_credential_issues')
    .values({
      staff_id: issue.staffId,
      issued_by: issue.issuedBy,
      issued_at: at,
      password_hash: issue.passwordHash,
      released_at: passwordIsOwn ? at : null,
    })
    .execute();
}

/** Whether the member has an issue it has not answered with a password of its own. */
async function holdsIssuedPassword(db: Executor, staffId: bigint): Promise<boolean> {
  const held = await db
    .selectFrom('staff_credential_issues')
    .select('id')
    .where('staff_id', '=', staffId)
    .where('released_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return held !== undefined;
}

/** The hashes of every password an admin issued to the member. */
export async function issuedPasswordHashes(db: Executor, staffId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_credential_issues')
    .select('password_hash')
    .distinct()
    .where('staff_id', '=', staffId)
    .where('password_hash', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.password_hash === null ? [] : [row.password_hash]));
}

/**
 * An issue whose custody reaches `from` or later: issued at `issuedSince` or later (the custody's fixed days), or
 * not released by the member before `from` (still on the issued password, or changed since).
 */
const heldSince = (from: Date, issuedSince: Date) => (eb: ExpressionBuilder<DB, 'staff_credential_issues'>) =>
  eb.or([eb('issued_at', '>=', issuedSince), eb('released_at', 'is', null), eb('released_at', '>', from)]);

/** The credential issues whose custody reaches `from` or later (`heldSince`). */
export async function credentialIssuesHeldSince(
  db: Executor,
  from: Date,
  issuedSince: Date,
): Promise<CredentialIssue[]> {
  const rows = await db
    .selectFrom('staff_credential_issues')
    .select(['staff_id', 'issued_by'])
    .distinct()
    .where(heldSince(from, issuedSince))
    .execute();
  return rows.map((row) => ({ staffId: row.staff_id, issuedBy: row.issued_by }));
}

/** The member has set a password of its own: every issue it had not yet released ends at `at` (custody.ts). */
export async function releaseCredentialIssues(db: Executor, staffId: bigint, at: Date): Promise<void> {
  await db
    .updateTable('staff_credential_issues')
    .set({ released_at: at })
    .where('staff_id', '=', staffId)
    .where('released_at', 'is', null)
    .execute();
}

/**
 * Each member's latest credential issue still in custody at `now` (`heldSince`), with the issuing admin's
 * username and whether the member still uses the issued password.
 */
export async function latestCredentialIssues(
  db: Executor,
  staffIds: readonly bigint[],
  now: Date,
  issuedSince: Date,
) {
  if (staffIds.length === 0) return [];
  return db
    .selectFrom('staff_credential_issues')
    .innerJoin('staff_users as issuer', 'issuer.id', 'staff_credential_issues.issued_by')
    .select([
      'staff_credential_issues.staff_id',
      'staff_credential_issues.issued_at',
      'staff_credential_issues.released_at',
      'issuer.username',
    ])
    .distinctOn('staff_credential_issues.staff_id')
    .where('staff_credential_issues.staff_id', 'in', staffIds)
    .where(heldSince(now, issuedSince))
    .orderBy('staff_credential_issues.staff_id')
    .orderBy('staff_credential_issues.issued_at', 'desc')
    .execute();
}

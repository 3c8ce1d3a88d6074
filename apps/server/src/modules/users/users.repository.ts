import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../database';
import { fetchPage } from '../../platform/pagination';
import { announceChange } from '../../platform/unit-of-work';
import type { UsersTable } from './users.table';

/** The bus topic on which each updated user's id is announced, after the commit. */
export const USER_CHANGES = 'users.changed';

export const findUserById = (db: Executor, id: bigint) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByMobile = (db: Executor, mobile: string) =>
  db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();

/**
 * Locks the row for the rest of the transaction: used where two requests could race on one user. `FOR NO KEY
 * UPDATE` (what an UPDATE of the row takes) serialises every such request and change, but not the inserts of
 * rows that refer to the user: their foreign keys take `KEY SHARE`, which `FOR UPDATE` would block. A trading
 * commit that had locked the user's ledger accounts then waited on the user's row while a staff deposit holding
 * that row waited on the accounts: a deadlock (security review, 2026-11-28).
 */
export const lockUserByMobile = (db: Executor, mobile: string) =>
  db.selectFrom('users').selectAll().where('mobile', '=', mobile).forNoKeyUpdate().executeTakeFirst();

export const lockUserById = (db: Executor, id: bigint) =>
  db.selectFrom('users').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();

export const insertUser = (db: Executor, values: Insertable<UsersTable>) =>
  db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();

export async function updateUser(db: Executor, id: bigint, values: Updateable<UsersTable>) {
  const updated = await db
    .updateTable('users')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await announceChange(db, USER_CHANGES, id.toString());
  return updated;
}

export interface UserSearch {
  q?: string | undefined;
  page: number;
  pageSize: number;
  /**
   * Staff who see masked numbers may only find a number they already know in full: a partial match would
   * let them uncover a masked number digit by digit.
   */
  wholeMobileOnly?: boolean;
}

export async function searchUsers(db: Executor, search: UserSearch) {
  let query = db
    .selectFrom('users')
    .leftJoin('invitation_codes', 'invitation_codes.id', 'users.invitation_code_id');
  const q = search.q?.replace(/[\s-]/g, '');
  if (q) {
    query = query.where((eb) =>
      eb.or([
        search.wholeMobileOnly
          ? eb('users.mobile', '=', q)
          : eb('users.mobile', 'like', `%${q.replace(/[%_\\]/g, '')}%`),
        ...(/^\d{1,18}$/.test(q) ? [eb('users.id', '=', BigInt(q))] : []),
      ]),
    );
  }
  return fetchPage(
    query,
    (q) => q.selectAll('users').select('invitation_codes.code as invite_code').orderBy('users.id', 'desc'),
    search,
    (row) => row,
  );
}

export const inviteCodeOf = async (db: Executor, invitationCodeId: bigint | null) =>
  invitationCodeId === null
    ? null
    : ((
        await db
          .selectFrom('invitation_codes')
          .select('code')
          .where('id', '=', invitationCodeId)
          .executeTakeFirst()
      )?.code ?? null);

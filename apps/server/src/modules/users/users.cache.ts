import type { AppContext } from '../../platform/context';
import { readCacheOf } from '../../platform/read-cache';
import { findUserById, USER_CHANGES } from './users.repository';
import type { UserRow } from './users.table';

/**
 * A user as last committed, for reads on the request path that need no lock. Inside a transaction, or
 * before changing a user, read with `findUserById` or `lockUserById` instead.
 */
export const findUserCached = (ctx: Pick<AppContext, 'db' | 'bus' | 'clock' | 'config'>, id: bigint) =>
  readCacheOf<UserRow>(ctx, USER_CHANGES).read(id.toString(), () => findUserById(ctx.db, id));

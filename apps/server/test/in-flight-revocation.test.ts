import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Runs `request` after it has been authenticated (its session is in the cache) but while the user's row
 * is locked by another transaction, which revokes the request's session and commits: the request must
 * then be refused, not complete on behalf of a session that no longer exists.
 */
async function revokedWhileInFlight<T>(userId: string, token: string, request: () => Promise<T>) {
  expect((await get(t.app, '/api/index/getUserInfo', token)).status).toBe(200);
  let answer!: Promise<T>;
  await t.ctx.transact(async (tx) => {
    await sql`SELECT id FROM users WHERE id = ${BigInt(userId)} FOR UPDATE`.execute(tx.db);
    answer = request();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE token_hash = ${tokenHash}`.execute(
      tx.db,
    );
  });
  return answer;
}

describe('a request whose session is revoked while it waits', () => {
  it('does not change the transaction password', async () => {
    const user = await registerUser(t);
    const other = await post<{ token: string }>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    const answer = await revokedWhileInFlight(user.userId, other.data.token, () =>
      post(
        t.app,
        '/api/account/transaction-password',
        { oldPassword: user.password, newPassword: '654321', confirmPassword: '654321' },
        other.data.token,
      ),
    );
    expect(answer).toMatchObject({ status: 401, errorCode: 'SESSION_EXPIRED' });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('transaction_password_hash')
      .where('id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(row.transaction_password_hash).toBeNull();
    expect((await get(t.app, '/api/index/getUserInfo', user.token)).status).toBe(200);
  });

  it('does not log the other devices out', async () => {
    const user = await registerUser(t);
    const other = await post<{ token: string }>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    const answer = await revokedWhileInFlight(user.userId, other.data.token, () =>
      post(t.app, '/api/account/sessions/revoke-others', {}, other.data.token),
    );
    expect(answer).toMatchObject({ status: 401, errorCode: 'SESSION_EXPIRED' });
    expect((await get(t.app, '/api/index/getUserInfo', user.token)).status).toBe(200);
  });
});

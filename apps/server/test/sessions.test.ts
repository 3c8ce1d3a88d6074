import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, loginDemo, post, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleSeconds: 3600, sessionTtlSeconds: 6 * 3600 });
});
afterAll(() => t.close());

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const expiredBody = { status: 401, code: 401, errorCode: 'SESSION_EXPIRED' };

describe('sessions', () => {
  it('refuses a missing or unknown token with HTTP 401 and code 401, localised', async () => {
    expect(await get(t.app, '/api/index/getCzhiurl?lang=en')).toMatchObject({
      ...expiredBody,
      msg: 'Your session has expired, please log in again',
    });
    expect(await get(t.app, '/api/index/getCzhiurl?lang=fr', 'not-a-token')).toMatchObject({
      ...expiredBody,
      msg: 'Votre session a expiré, veuillez vous reconnecter',
    });
  });

  it('ends the session on logout', async () => {
    const { token } = await loginDemo(t);
    expect((await get(t.app, '/api/index/getCzhiurl', token)).code).toBe(1);
    expect((await post(t.app, '/api/auth/logout', {}, token)).code).toBe(1);
    expect(await get(t.app, '/api/index/getCzhiurl', token)).toMatchObject(expiredBody);
  });

  it('expires after the idle time, and activity keeps it alive', async () => {
    const { token } = await loginDemo(t);
    t.clock.advance(3000);
    expect((await get(t.app, '/api/index/getCzhiurl', token)).code).toBe(1);
    t.clock.advance(3000);
    expect((await get(t.app, '/api/index/getCzhiurl', token)).code).toBe(1);
    t.clock.advance(3601);
    expect(await get(t.app, '/api/index/getCzhiurl', token)).toMatchObject(expiredBody);
  });

  it('expires at the absolute lifetime however active', async () => {
    const { token } = await loginDemo(t);
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(3000);
      expect((await get(t.app, '/api/index/getCzhiurl', token)).code).toBe(1);
    }
    t.clock.advance(700);
    expect(await get(t.app, '/api/index/getCzhiurl', token)).toMatchObject(expiredBody);
  });

  it('lists devices and logs out the others', async () => {
    const user = await registerUser(t);
    const other = await post<{ token: string }>(
      t.app,
      '/api/auth/login',
      { account: user.mobile, password: user.password, deviceId: 'phone-2' },
      undefined,
      { headers: { 'user-agent': IPHONE_SAFARI } },
    );
    const list = await get<{
      items: { current: boolean; deviceId: string | null; deviceName: string | null }[];
    }>(t.app, '/api/account/sessions', user.token);
    expect(list.data.items).toHaveLength(2);
    expect(list.data.items.filter((s) => s.current)).toHaveLength(1);
    expect(list.data.items.map((s) => s.deviceId)).toContain('phone-2');
    expect(list.data.items.find((s) => s.deviceId === 'phone-2')?.deviceName).toBe('Safari · iPhone');
    // light-my-request's own user agent ("lightMyRequest") names no browser, system or product
    expect(list.data.items.find((s) => s.current)?.deviceName).toBeNull();
    const revoked = await post<{ revoked: number }>(
      t.app,
      '/api/account/sessions/revoke-others',
      {},
      user.token,
    );
    expect(revoked.data.revoked).toBe(1);
    expect(await get(t.app, '/api/index/getCzhiurl', other.data.token)).toMatchObject(expiredBody);
    expect((await get(t.app, '/api/index/getCzhiurl', user.token)).code).toBe(1);
  });
});

describe("another user's token", () => {
  it("neither lists nor ends another user's sessions", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const list = await get<{ items: { id: string }[] }>(t.app, '/api/account/sessions', alice.token);
    const bobSessions = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', BigInt(bob.userId))
      .execute();
    const bobIds = bobSessions.map((s) => s.id.toString());
    expect(list.data.items.some((s) => bobIds.includes(s.id))).toBe(false);
    await post(t.app, '/api/account/sessions/revoke-others', {}, alice.token);
    expect((await get(t.app, '/api/index/getCzhiurl', bob.token)).code).toBe(1);
  });

  it("changes only the caller's own password", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    // Bob gets a password of his own first, so the two users' passwords differ
    expect(
      (
        await post(
          t.app,
          '/api/account/password',
          { oldPassword: bob.password, newPassword: 'bobpass9', confirmPassword: 'bobpass9' },
          bob.token,
        )
      ).code,
    ).toBe(1);
    // Alice cannot use Bob's password as her old one: the check is against her own
    const withBobs = await post(
      t.app,
      '/api/account/password',
      { oldPassword: 'bobpass9', newPassword: 'taken12', confirmPassword: 'taken12' },
      alice.token,
    );
    expect(withBobs.errorCode).toBe('OLD_PASSWORD_WRONG');
    const own = await post(
      t.app,
      '/api/account/password',
      { oldPassword: alice.password, newPassword: 'alice77', confirmPassword: 'alice77' },
      alice.token,
    );
    expect(own.code).toBe(1);
    expect((await post(t.app, '/api/auth/login', { account: bob.mobile, password: 'bobpass9' })).code).toBe(
      1,
    );
    expect(
      (await post(t.app, '/api/auth/login', { account: bob.mobile, password: 'alice77' })).errorCode,
    ).toBe('INVALID_CREDENTIALS');
    expect((await post(t.app, '/api/auth/login', { account: alice.mobile, password: 'alice77' })).code).toBe(
      1,
    );
  });
});

describe('POST /api/account/password', () => {
  it('validates in two languages', async () => {
    const user = await registerUser(t);
    const cases: [Record<string, string>, string, string][] = [
      [
        { oldPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' },
        'Please enter your current password',
        '',
      ],
      [{ oldPassword: 'x', newPassword: '', confirmPassword: '' }, 'Please enter a new password', ''],
      [
        { oldPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' },
        'The new password must be 6-10 characters',
        '',
      ],
      [
        { oldPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdeg' },
        'New password and confirmation do not match',
        '新密码与确认密码不一致',
      ],
    ];
    for (const [payload, en, zh] of cases) {
      expect(await post(t.app, '/api/account/password?lang=en', payload, user.token)).toMatchObject({
        status: 400,
        msg: en,
      });
      if (zh === '新密码与确认密码不一致')
        expect((await post(t.app, '/api/account/password?lang=cn', payload, user.token)).msg).toBe(zh);
    }
  });

  it('needs the right old password, changes it and ends other sessions', async () => {
    const user = await registerUser(t);
    const other = await post<{ token: string }>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    const wrong = await post(
      t.app,
      '/api/account/password?lang=en',
      { oldPassword: 'bad-old', newPassword: 'fresh123', confirmPassword: 'fresh123' },
      user.token,
    );
    expect(wrong).toMatchObject({
      errorCode: 'OLD_PASSWORD_WRONG',
      msg: 'The current password is incorrect',
    });
    const same = await post(
      t.app,
      '/api/account/password',
      { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
      user.token,
    );
    expect(same.errorCode).toBe('NEW_PASSWORD_SAME');
    const changed = await post<{ revoked: number }>(
      t.app,
      '/api/account/password',
      { oldPassword: user.password, newPassword: 'fresh123', confirmPassword: 'fresh123' },
      user.token,
    );
    expect(changed).toMatchObject({ code: 1, data: { revoked: 1 } });
    expect(await get(t.app, '/api/index/getCzhiurl', other.data.token)).toMatchObject(expiredBody);
    expect((await get(t.app, '/api/index/getCzhiurl', user.token)).code).toBe(1);
    expect((await post(t.app, '/api/auth/login', { account: user.mobile, password: 'fresh123' })).code).toBe(
      1,
    );
  });

  it('needs a session', async () => {
    expect(
      await post(t.app, '/api/account/password', {
        oldPassword: 'a',
        newPassword: 'abcdef',
        confirmPassword: 'abcdef',
      }),
    ).toMatchObject(expiredBody);
  });
});

describe('POST /api/account/transaction-password', () => {
  it('is set the first time with the login password, then changed with itself', async () => {
    const user = await registerUser(t);
    const before = await get<{ has_transaction_password: boolean }>(
      t.app,
      `/api/index/getUserInfo?user_id=${user.userId}`,
      user.token,
    );
    expect(before.data.has_transaction_password).toBe(false);
    const wrong = await post(
      t.app,
      '/api/account/transaction-password',
      { oldPassword: 'wrong-pw', newPassword: '654321', confirmPassword: '654321' },
      user.token,
    );
    expect(wrong.errorCode).toBe('OLD_PASSWORD_WRONG');
    const set = await post(
      t.app,
      '/api/account/transaction-password',
      { oldPassword: user.password, newPassword: '654321', confirmPassword: '654321' },
      user.token,
    );
    expect(set.code).toBe(1);
    const after = await get<{ has_transaction_password: boolean }>(
      t.app,
      `/api/index/getUserInfo?user_id=${user.userId}`,
      user.token,
    );
    expect(after.data.has_transaction_password).toBe(true);
    const withLogin = await post(
      t.app,
      '/api/account/transaction-password',
      { oldPassword: user.password, newPassword: '111222', confirmPassword: '111222' },
      user.token,
    );
    expect(withLogin.errorCode).toBe('OLD_PASSWORD_WRONG');
    const mismatch = await post(
      t.app,
      '/api/account/transaction-password?lang=ja',
      { oldPassword: '654321', newPassword: '111222', confirmPassword: '111223' },
      user.token,
    );
    expect(mismatch).toMatchObject({
      errorCode: 'NEW_PASSWORD_MISMATCH',
      msg: '新しいパスワードと確認用パスワードが一致しません',
    });
    const changed = await post(
      t.app,
      '/api/account/transaction-password',
      { oldPassword: '654321', newPassword: '111222', confirmPassword: '111222' },
      user.token,
    );
    expect(changed.code).toBe(1);
  });
});

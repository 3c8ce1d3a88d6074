import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, get, post, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('logs the demo investor in with token, userId and userInfo', async () => {
    const result = await post<{ token: string; userId: string; userInfo: Record<string, unknown> }>(
      t.app,
      '/api/auth/login',
      {
        account: '090-0000-0001',
        password: DEMO.investor.password,
      },
    );
    expect(result.code).toBe(1);
    expect(result.data.userInfo).toMatchObject({
      user_id: result.data.userId,
      mobile: DEMO.investor.mobile,
      has_transaction_password: true,
    });
  });

  it.each([
    [{ account: '', password: 'x' }, 'Account cannot be empty', '携帯電話番号を入力してください'],
    [{ account: '09000000001', password: '' }, 'Password cannot be empty', 'パスワードを入力してください'],
  ])('validates %o in two languages', async (payload, en, ja) => {
    expect(await post(t.app, '/api/auth/login?lang=en', payload)).toMatchObject({
      status: 400,
      code: 0,
      msg: en,
    });
    expect(await post(t.app, '/api/auth/login?lang=ja', payload)).toMatchObject({
      status: 400,
      code: 0,
      msg: ja,
    });
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const user = await registerUser(t);
    const unknown = await post(t.app, '/api/auth/login?lang=en', {
      account: '09099999999',
      password: 'whatever',
    });
    const wrong = await post(t.app, '/api/auth/login?lang=en', {
      account: user.mobile,
      password: 'wrong-pw',
    });
    expect(unknown).toMatchObject({
      status: 400,
      errorCode: 'INVALID_CREDENTIALS',
      msg: 'Incorrect mobile number or password',
    });
    expect({ ...wrong, headers: null }).toEqual({ ...unknown, headers: null });
  });

  it('locks the account for 15 minutes after 5 consecutive failures, even for the right password', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await post(t.app, '/api/auth/login', { account: user.mobile, password: 'nope-nope' })).errorCode,
      ).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await post(t.app, '/api/auth/login?lang=en', {
      account: user.mobile,
      password: 'nope-nope',
    });
    expect(fifth).toMatchObject({
      status: 423,
      errorCode: 'ACCOUNT_LOCKED',
      msg: 'Too many failed attempts. Your account is locked, please try again in 15 minutes',
    });
    t.clock.advance(5 * 60);
    const right = await post(t.app, '/api/auth/login?lang=ja', {
      account: user.mobile,
      password: user.password,
    });
    expect(right).toMatchObject({
      errorCode: 'ACCOUNT_LOCKED',
      msg: 'ログインに続けて失敗したため、アカウントをロックしました。10分後に再度お試しください',
    });
    t.clock.advance(10 * 60 + 1);
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).code,
    ).toBe(1);
  });

  it('counts concurrent wrong passwords exactly: four refusals, then locked', async () => {
    const user = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(t.app, '/api/auth/login', { account: user.mobile, password: 'wrong-pw' }),
      ),
    );
    const codes = results.map((r) => r.errorCode).sort();
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED')).toHaveLength(4);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['failed_logins', 'locked_until'])
      .where('mobile', '=', user.mobile)
      .executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(0);
    expect(row.locked_until).not.toBeNull();
    t.clock.advance(15 * 60 + 1);
  });

  it('resets the failure count after a successful login', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i += 1)
      await post(t.app, '/api/auth/login', { account: user.mobile, password: 'bad-pass' });
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).code,
    ).toBe(1);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await post(t.app, '/api/auth/login', { account: user.mobile, password: 'bad-pass' })).errorCode,
      ).toBe('INVALID_CREDENTIALS');
    }
  });

  it('honours a configured lockout', async () => {
    const strict = await createTestApp({ loginMaxFailures: 2, loginLockMinutes: 1 });
    try {
      const user = await registerUser(strict);
      await post(strict.app, '/api/auth/login', { account: user.mobile, password: 'bad-pass' });
      const second = await post(strict.app, '/api/auth/login?lang=en', {
        account: user.mobile,
        password: 'bad-pass',
      });
      expect(second).toMatchObject({ errorCode: 'ACCOUNT_LOCKED', params: { minutes: 1 } });
    } finally {
      await strict.close();
    }
  });
});

describe('forgotten password', () => {
  it('resets the password with an SMS code and ends every session', async () => {
    const user = await registerUser(t);
    t.clock.advance(61);
    expect(
      (await post(t.app, '/api/auth/sms-code', { mobile: user.mobile, purpose: 'reset_password' })).code,
    ).toBe(1);
    const sms = await get<{ items: { code: string; purpose: string }[] }>(
      t.app,
      `/api/dev/sms?mobile=${user.mobile}`,
    );
    expect(sms.data.items[0]?.purpose).toBe('reset_password');
    const smsCode = sms.data.items[0]!.code;
    const mismatch = await post(t.app, '/api/auth/reset-password?lang=en', {
      mobile: user.mobile,
      smsCode,
      password: 'newpass1',
      confirmPassword: 'newpass2',
    });
    expect(mismatch).toMatchObject({ errorCode: 'PASSWORDS_MISMATCH' });
    const reset = await post(t.app, '/api/auth/reset-password', {
      mobile: user.mobile,
      smsCode,
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(reset.code).toBe(1);
    expect((await get(t.app, '/api/index/getCzhiurl', user.token)).status).toBe(401);
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).errorCode,
    ).toBe('INVALID_CREDENTIALS');
    expect((await post(t.app, '/api/auth/login', { account: user.mobile, password: 'newpass1' })).code).toBe(
      1,
    );
    const reuse = await post(t.app, '/api/auth/reset-password', {
      mobile: user.mobile,
      smsCode,
      password: 'newpass3',
      confirmPassword: 'newpass3',
    });
    expect(reuse.errorCode).toBe('SMS_CODE_INVALID');
  });
});

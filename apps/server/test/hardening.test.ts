import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createTestApp, get, post, registerUser, uniqueMobile, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dev/sms', () => {
  it('answers this machine only, and needs a number', async () => {
    const mobile = uniqueMobile();
    await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
    const local = await t.app.inject({ method: 'GET', url: `/api/dev/sms?mobile=${mobile}` });
    expect(local.json().data.items).toHaveLength(1);
    const remote = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms?mobile=${mobile}`,
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    expect(JSON.stringify(remote.json())).not.toMatch(/\d{6}/);
    expect((await get(t.app, '/api/dev/sms?lang=en')).errorCode).toBe('MOBILE_REQUIRED');
  });

  it('is open to anyone with DEV_SMS_ENDPOINT=open, and absent with off', async () => {
    const open = await createTestApp({ devSmsEndpoint: 'open' });
    const off = await createTestApp({ devSmsEndpoint: 'off' });
    try {
      const mobile = uniqueMobile();
      await post(open.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
      const remote = await open.app.inject({
        method: 'GET',
        url: `/api/dev/sms?mobile=${mobile}`,
        remoteAddress: '203.0.113.9',
      });
      expect(remote.json().data.items).toHaveLength(1);
      expect((await off.app.inject({ method: 'GET', url: `/api/dev/sms?mobile=${mobile}` })).statusCode).toBe(
        404,
      );
    } finally {
      await open.close();
      await off.close();
    }
  });
});

describe('guessing a password through a password change', () => {
  it('counts wrong current passwords towards the lockout, which leaves open sessions alone', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i += 1) {
      const wrong = await post(
        t.app,
        '/api/account/transaction-password',
        { oldPassword: `guess${i}00`, newPassword: '246810', confirmPassword: '246810' },
        user.token,
      );
      expect(wrong.errorCode).toBe('OLD_PASSWORD_WRONG');
    }
    const fifth = await post(
      t.app,
      '/api/account/password?lang=en',
      { oldPassword: 'guess500', newPassword: 'abcdef1', confirmPassword: 'abcdef1' },
      user.token,
    );
    expect(fifth).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED', params: { minutes: 15 } });
    // Guesses must not sign the owner out: the session in hand keeps working through the lockout.
    expect((await get(t.app, '/api/index/getCzhiurl', user.token)).status).toBe(200);
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).errorCode,
    ).toBe('ACCOUNT_LOCKED');
    t.clock.advance(15 * 60 + 1);
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).code,
    ).toBe(1);
  });

  it('resets the count after a right current password', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i += 1) {
      await post(
        t.app,
        '/api/account/password',
        { oldPassword: 'nope-nope', newPassword: 'abcdef1', confirmPassword: 'abcdef1' },
        user.token,
      );
    }
    const changed = await post(
      t.app,
      '/api/account/password',
      { oldPassword: user.password, newPassword: 'abcdef1', confirmPassword: 'abcdef1' },
      user.token,
    );
    expect(changed.code).toBe(1);
    const wrong = await post(
      t.app,
      '/api/account/password',
      { oldPassword: 'nope-nope', newPassword: 'abcdef2', confirmPassword: 'abcdef2' },
      user.token,
    );
    expect(wrong.errorCode).toBe('OLD_PASSWORD_WRONG');
  });

  it('refuses a transaction password equal to the login password', async () => {
    const user = await registerUser(t);
    const same = await post(
      t.app,
      '/api/account/transaction-password?lang=ja',
      { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
      user.token,
    );
    expect(same).toMatchObject({
      errorCode: 'TRANSACTION_PASSWORD_SAME_AS_LOGIN',
      msg: '取引パスワードにはログインパスワードと異なるものを設定してください',
    });
  });
});

describe('input PostgreSQL cannot store', () => {
  it('refuses NUL characters in bodies and queries with a validation error, not a 500', async () => {
    const login = await post(t.app, '/api/auth/login?lang=en', {
      account: '09000000001',
      password: 'x',
      deviceId: 'a\u0000b',
    });
    expect(login).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      msg: 'Invalid input: deviceId',
    });
    const register = await post(t.app, '/api/auth/register', {
      mobile: uniqueMobile(),
      password: 'secret12',
      confirmPassword: 'secret12',
      inviteCode: 'WEL\u0000',
      smsCode: '123456',
    });
    expect(register.status).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: '/api/dev/sms?mobile=%00' });
    expect(query.statusCode).toBe(400);
  });

  it('answers a malformed URL with the localised envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 0, errorCode: 'BAD_REQUEST' });
  });
});

describe('SMS codes under pressure', () => {
  it('sends one code for concurrent requests within the interval', async () => {
    const mobile = uniqueMobile();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.errorCode === 'SMS_TOO_SOON')).toHaveLength(5);
    const codes = await t.ctx.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute();
    expect(codes).toHaveLength(1);
  });

  it('stops at the daily limit per number', async () => {
    const limited = await createTestApp({ smsDailyLimit: 3 });
    try {
      const mobile = uniqueMobile();
      for (let i = 0; i < 3; i += 1) {
        expect((await post(limited.app, '/api/auth/sms-code', { mobile, purpose: 'register' })).code).toBe(1);
        limited.clock.advance(61);
      }
      const fourth = await post(limited.app, '/api/auth/sms-code?lang=en', { mobile, purpose: 'register' });
      expect(fourth).toMatchObject({ status: 429, errorCode: 'SMS_DAILY_LIMIT' });
      limited.clock.advance(86_400);
      expect((await post(limited.app, '/api/auth/sms-code', { mobile, purpose: 'register' })).code).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('device list', () => {
  it('leaves out sessions that timed out for inactivity', async () => {
    const user = await registerUser(t);
    await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password });
    t.clock.advance(t.ctx.config.sessionIdleSeconds - 60);
    const fresh = await post<{ token: string }>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    t.clock.advance(120);
    const list = await get<{ items: unknown[] }>(t.app, '/api/account/sessions', fresh.data.token);
    expect(list.data.items).toHaveLength(1);
  });
});

describe('configuration of the new settings', () => {
  it('reads DEV_SMS_ENDPOINT, SMS_DAILY_LIMIT and TRUST_PROXY', () => {
    expect(loadConfig({})).toMatchObject({
      devSmsEndpoint: 'loopback',
      smsDailyLimit: 10,
      trustProxy: false,
    });
    expect(loadConfig({ DEV_SMS_ENDPOINT: 'off', TRUST_PROXY: '2' })).toMatchObject({
      devSmsEndpoint: 'off',
      trustProxy: 2,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(() => loadConfig({ DEV_SMS_ENDPOINT: 'public' })).toThrow(/DEV_SMS_ENDPOINT/);
  });
});

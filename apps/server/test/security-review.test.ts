import { ALL_ENDPOINTS } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, seedsDemoData } from '../src/platform/config';
import {
  createStaff,
  createTestApp,
  DEMO,
  get,
  latestCode,
  post,
  registerUser,
  staffToken,
  uniqueMobile,
  type TestApp,
} from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('dev SMS outbox behind a trusted proxy', () => {
  it('refuses a loopback socket that carries a forwarding header: a reverse proxy on this machine', async () => {
    const user = await registerUser(t);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const viaProxy = await get(t.app, `/api/dev/sms?mobile=${user.mobile}`, undefined, {
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.7' : '203.0.113.7' },
      });
      expect(viaProxy, header).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    }
    const direct = await get(t.app, `/api/dev/sms?mobile=${user.mobile}`, undefined, {
      remoteAddress: '127.0.0.1',
    });
    expect(direct.status).toBe(200);
  });

  it('judges the socket address, not X-Forwarded-For, and keeps reset codes away from remote clients', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const remote = { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } };
      const user = await registerUser(proxied);
      const asked = await post(
        proxied.app,
        '/api/auth/sms-code',
        { mobile: user.mobile, purpose: 'reset_password' },
        undefined,
        remote,
      );
      expect(asked.code).toBe(1);
      const outbox = await get(proxied.app, `/api/dev/sms?mobile=${user.mobile}`, undefined, remote);
      expect(outbox).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
      expect(JSON.stringify(outbox)).not.toMatch(/"code":"\d{6}"/);

      // behind a proxy every socket may be local, so even a loopback socket is refused
      const local = await get(proxied.app, `/api/dev/sms?mobile=${user.mobile}`, undefined, {
        remoteAddress: '127.0.0.1',
      });
      expect(local).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
      const sent = await proxied.ctx.db
        .selectFrom('sms_outbox')
        .select(['code', 'purpose'])
        .where('mobile', '=', user.mobile)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(sent.purpose).toBe('reset_password');
      const real = sent.code;

      // the remote client can only guess, and a guess fails
      const guess = real === '000000' ? '111111' : '000000';
      const reset = await post(
        proxied.app,
        '/api/auth/reset-password',
        { mobile: user.mobile, smsCode: guess, password: 'hijack1', confirmPassword: 'hijack1' },
        undefined,
        remote,
      );
      expect(reset.errorCode).toBe('SMS_CODE_INVALID');
      expect(
        (await post(proxied.app, '/api/auth/login', { account: user.mobile, password: user.password })).code,
      ).toBe(1);
    } finally {
      await proxied.close();
    }
  });
});

describe('seedsDemoData', () => {
  const seeds = (env: Record<string, string>) => seedsDemoData(loadConfig(env));
  it('seeds on loopback by default, elsewhere only when asked, and refuses bad values', () => {
    expect(seeds({})).toBe(true);
    expect(seeds({ HOST: '127.0.0.1' })).toBe(true);
    expect(seeds({ HOST: '0.0.0.0' })).toBe(false);
    expect(seeds({ HOST: '0.0.0.0', SEED_DEMO_DATA: 'true' })).toBe(true);
    expect(seeds({ HOST: '127.0.0.1', SEED_DEMO_DATA: 'false' })).toBe(false);
    expect(seeds({ SEED_DEMO_DATA: 'false' })).toBe(false);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/);
  });
});

describe('phone numbers for staff', () => {
  const demoMasked = `${DEMO.investor.mobile.slice(0, 3)}****${DEMO.investor.mobile.slice(7)}`;

  it('are masked for dealers and support, full for admin, compliance and finance', async () => {
    const demoId = (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', DEMO.investor.mobile)
        .executeTakeFirstOrThrow()
    ).id.toString();
    expect(demoMasked).toBe('090****0001');
    const cases = [
      ['dealer', demoMasked],
      ['support', demoMasked],
      ['compliance', DEMO.investor.mobile],
      ['finance', DEMO.investor.mobile],
    ] as const;
    const tokens: [string, string][] = [[await staffToken(t), DEMO.investor.mobile]];
    for (const [role, expected] of cases) {
      const member = await createStaff(t, `mask-${role}`, role);
      tokens.push([await staffToken(t, member.username, member.password, member.secret), expected]);
    }
    for (const [token, expected] of tokens) {
      const list = await get<{ items: { userId: string; mobile: string }[] }>(
        t.app,
        '/api/staff/users',
        token,
      );
      expect(list.status).toBe(200);
      expect(list.data.items.find((u) => u.userId === demoId)?.mobile).toBe(expected);
      if (expected === demoMasked) expect(JSON.stringify(list.data)).not.toContain(DEMO.investor.mobile);
      const detail = await get<{ user: { mobile: string } }>(t.app, `/api/staff/users/${demoId}`, token);
      expect(detail.data.user.mobile).toBe(expected);
      if (expected === demoMasked) expect(JSON.stringify(detail.data)).not.toContain(DEMO.investor.mobile);
    }
  });

  it('cannot be uncovered by searching: masked roles find a number only when they type all of it', async () => {
    const found = async (token: string, q: string) =>
      (await get<{ items: { mobile: string }[] }>(t.app, `/api/staff/users?q=${q}`, token)).data.items.length;
    const dealer = await createStaff(t, 'oracle-dealer', 'dealer');
    const dealerToken = await staffToken(t, dealer.username, dealer.password, dealer.secret);
    const prefix = DEMO.investor.mobile.slice(0, 8);
    expect(await found(dealerToken, prefix)).toBe(0);
    expect(await found(dealerToken, DEMO.investor.mobile)).toBe(1);
    expect(await found(await staffToken(t), prefix)).toBeGreaterThan(0);
  });

  it('audits every user list', async () => {
    const member = await createStaff(t, 'lister', 'support');
    const token = await staffToken(t, member.username, member.password, member.secret);
    const me = await get<{ id: string }>(t.app, '/api/staff/me', token);
    await get(t.app, '/api/staff/users?q=0900', token);
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'staff_id'])
      .where('action', '=', 'user.list')
      .where('staff_id', '=', BigInt(me.data.id))
      .execute();
    expect(rows).toEqual([{ action: 'user.list', target_id: '0900', staff_id: BigInt(me.data.id) }]);
  });
});

describe("a frozen user's referral code", () => {
  it('admits nobody while the user is frozen, and works again after unfreezing', async () => {
    const referrer = await registerUser(t);
    const { referral_code: code } = await t.ctx.db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', BigInt(referrer.userId))
      .executeTakeFirstOrThrow();
    const admin = await staffToken(t);
    expect(
      (await post(t.app, `/api/staff/users/${referrer.userId}/freeze`, { reason: 'fraud check' }, admin))
        .code,
    ).toBe(1);
    await expect(registerUser(t, code)).rejects.toThrow('INVITE_CODE_INVALID');
    expect(
      (await post(t.app, `/api/staff/users/${referrer.userId}/unfreeze`, { reason: 'cleared' }, admin)).code,
    ).toBe(1);
    expect((await registerUser(t, code)).token).toEqual(expect.any(String));
  });
});

describe('global SMS cap', () => {
  it('refuses the fourth code in an hour across numbers, and recovers after the hour', async () => {
    const capped = await createTestApp({ smsGlobalHourlyLimit: 3 });
    try {
      for (let i = 0; i < 3; i += 1)
        expect(
          (await post(capped.app, '/api/auth/sms-code', { mobile: uniqueMobile(), purpose: 'register' }))
            .code,
        ).toBe(1);
      const mobile = uniqueMobile();
      const fourth = await post(capped.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
      expect(fourth).toMatchObject({ status: 503, errorCode: 'SMS_UNAVAILABLE' });
      await expect(latestCode(capped.app, mobile)).rejects.toThrow(`no code sent to ${mobile}`);
      capped.clock.advance(3601);
      expect((await post(capped.app, '/api/auth/sms-code', { mobile, purpose: 'register' })).code).toBe(1);
    } finally {
      await capped.close();
    }
  });
});

describe('login and transaction passwords never equal', () => {
  const pw = (oldPassword: string, newPassword: string) => ({
    oldPassword,
    newPassword,
    confirmPassword: newPassword,
  });

  it('refuses a login password equal to the transaction password', async () => {
    const user = await registerUser(t);
    expect(
      (await post(t.app, '/api/account/transaction-password', pw(user.password, 'trade12'), user.token)).code,
    ).toBe(1);
    const change = await post(t.app, '/api/account/password', pw(user.password, 'trade12'), user.token);
    expect(change.errorCode).toBe('LOGIN_PASSWORD_SAME_AS_TRANSACTION');
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).code,
    ).toBe(1);
  });

  it('refuses a forgotten-password reset to the transaction password', async () => {
    const user = await registerUser(t);
    expect(
      (await post(t.app, '/api/account/transaction-password', pw(user.password, 'trade12'), user.token)).code,
    ).toBe(1);
    await post(t.app, '/api/auth/sms-code', { mobile: user.mobile, purpose: 'reset_password' });
    const smsCode = await latestCode(t.app, user.mobile);
    const reset = await post(t.app, '/api/auth/reset-password', {
      mobile: user.mobile,
      smsCode,
      password: 'trade12',
      confirmPassword: 'trade12',
    });
    expect(reset.errorCode).toBe('LOGIN_PASSWORD_SAME_AS_TRANSACTION');
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: 'trade12' })).errorCode,
    ).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a transaction password equal to the login password', async () => {
    const user = await registerUser(t);
    const set = await post(
      t.app,
      '/api/account/transaction-password',
      pw(user.password, user.password),
      user.token,
    );
    expect(set.errorCode).toBe('TRANSACTION_PASSWORD_SAME_AS_LOGIN');
  });
});

describe('Cache-Control', () => {
  it('is no-store on API answers, successful or not', async () => {
    const user = await registerUser(t);
    const admin = await staffToken(t);
    const answers = [
      await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password }),
      await post(t.app, '/api/auth/login', { account: user.mobile, password: 'wrong-1' }),
      await get(t.app, '/api/index/getUserInfo', user.token),
      await get(t.app, '/api/index/getUserInfo'),
      await get(t.app, '/api/staff/users', admin),
      await get(t.app, '/api/staff/users'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 200, 401, 200, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('full-width phone numbers', () => {
  it('log in with a full-width number', async () => {
    expect(DEMO.investor.mobile).toBe('09000000001');
    const fullWidth = DEMO.investor.mobile.replace(/\d/g, (d) =>
      String.fromCharCode(d.charCodeAt(0) + 0xfee0),
    );
    expect(fullWidth).toBe('\uff10\uff19\uff10\uff10\uff10\uff10\uff10\uff10\uff10\uff10\uff11');
    const result = await post(t.app, '/api/auth/login', {
      account: fullWidth,
      password: DEMO.investor.password,
    });
    expect(result.code).toBe(1);
  });

  it('ask for a registration code with a full-width, dashed number', async () => {
    const result = await post(t.app, '/api/auth/sms-code', {
      mobile: '０９０−１２３４−５６７８',
      purpose: 'register',
    });
    expect(result.code).toBe(1);
    expect((await latestCode(t.app, '09012345678')).length).toBe(6);
  });
});

describe('contract endpoints', () => {
  const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');
  // The test price path exists only with TEST_PRICE_PATH=on (test-price-path.test.ts); this app runs without it.
  const registered = ALL_ENDPOINTS.filter((e) => e.path !== '/api/test/quotes');

  it('are each registered, once', () => {
    const keys = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of registered)
      expect(
        t.app.hasRoute({ method: endpoint.method, url: endpoint.path }),
        `${endpoint.method} ${endpoint.path}`,
      ).toBe(true);
  });

  it('answer, not with route-not-found', async () => {
    for (const endpoint of registered) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: concrete(endpoint.path),
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      const answer = response.json<{ errorCode?: string }>();
      expect(
        response.statusCode === 404 && answer.errorCode === 'NOT_FOUND',
        `${endpoint.method} ${endpoint.path}`,
      ).toBe(false);
    }
  });

  /** A body the endpoint's schema accepts, so only the missing token can be wrong. */
  const SAMPLE_BODIES: unknown[] = [
    {},
    { reason: 'probe' },
    { oldPassword: 'abcdef1', newPassword: 'abcdef2', confirmPassword: 'abcdef2' },
    { oldPassword: 'Old-password-1', newPassword: 'New-password-12', confirmPassword: 'New-password-12' },
    { username: 'probe', displayName: 'Probe', role: 'support' },
    { code: 'PROBE1', maxUses: 1 },
    { label: 'probe' },
    { code: '123456' },
    { method: 'totp', code: '123456' },
    { response: { id: 'probe', rawId: 'probe', type: 'public-key', response: { clientDataJSON: 'probe' } } },
    { title: 'Probe', body: 'Probe' },
    { fullNameKana: 'プローブ' },
    { amount: '10000', transferDate: '2026-11-24', senderName: 'Probe' },
    {
      holderName: 'プローブ',
      bankName: 'Probe',
      branchName: 'Probe',
      branchCode: '001',
      accountNumber: '1234567',
    },
    { amount: '10000', bankAccountId: '1', transactionPassword: 'probe1' },
    { userId: '1', amount: '100', bankReference: 'PROBE' },
    { userId: '1', amount: '-100', reason: 'probe' },
    { fullName: 'Probe', fullNameKana: 'プローブ', idNumber: '123456789012' },
    { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 },
    { type: 'market' },
    { price: '2800', lots: 1 },
    { code: '7203', direction: 'above', price: '3000' },
    { maxLeverage: 2, maxLotsPerOrder: null, maxOpenLots: null, shortable: true, reason: 'probe' },
  ];
  const validBody = (endpoint: (typeof ALL_ENDPOINTS)[number]) =>
    endpoint.body
      ? SAMPLE_BODIES.find((candidate) => endpoint.body!.safeParse(candidate).success)
      : undefined;

  const withoutToken = async (payloadFor: (endpoint: (typeof ALL_ENDPOINTS)[number]) => unknown) => {
    const guarded = ALL_ENDPOINTS.filter((e) => e.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const endpoint of guarded) {
      const payload = payloadFor(endpoint);
      const response = await t.app.inject({
        method: endpoint.method,
        url: concrete(endpoint.path),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      if (
        response.statusCode !== 401 ||
        response.json<{ errorCode: string }>().errorCode !== 'SESSION_EXPIRED'
      )
        wrong.push(`${endpoint.method} ${endpoint.path} → ${response.statusCode}`);
    }
    return wrong;
  };

  it('answer 401 without a token when they are for investors or staff', async () => {
    for (const endpoint of ALL_ENDPOINTS)
      if (endpoint.body && endpoint.access.kind !== 'public')
        expect(validBody(endpoint), `${endpoint.method} ${endpoint.path}`).toBeDefined();
    expect(
      await withoutToken((endpoint) => (endpoint.method === 'POST' ? validBody(endpoint) : undefined)),
    ).toEqual([]);
  });

  it('answer 401 without a token even when the body is invalid', async () => {
    expect(await withoutToken((endpoint) => (endpoint.method === 'POST' ? {} : undefined))).toEqual([]);
  });
});

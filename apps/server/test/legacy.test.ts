import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, loginDemo, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ customerServiceUrl: 'https://chat.example.jp/room/42' });
});
afterAll(() => t.close());

describe('GET /api/index/getUserInfo', () => {
  it("returns the legacy shape with two-decimal amounts from the ledger (the demo investor's seeded deposit)", async () => {
    const { token, userId } = await loginDemo(t);
    const result = await get<Record<string, unknown>>(
      t.app,
      `/api/index/getUserInfo?user_id=${userId}`,
      token,
    );
    expect(result).toMatchObject({
      code: 1,
      data: {
        user_id: userId,
        mobile: '09000000001',
        total: '1000000.00',
        money: '1000000.00',
        shizhi: '0.00',
        my_losses: { count_losses: '0.00' },
        used_amount: '0.00',
        custody: '1000000.00',
        credit_score: 100,
        real_name_status: 'passed',
        real_name: '兜 太郎',
        has_transaction_password: true,
      },
    });
  });

  it("refuses another user's id with the same answer whether it exists or not", async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const existing = await get(t.app, `/api/index/getUserInfo?user_id=${other.userId}&lang=en`, me.token);
    const missing = await get(t.app, `/api/index/getUserInfo?user_id=999999999&lang=en`, me.token);
    expect(existing).toMatchObject({
      status: 403,
      code: 0,
      errorCode: 'FORBIDDEN',
      msg: 'You do not have access to this account',
    });
    expect(missing).toEqual(existing);
    expect(JSON.stringify(existing)).not.toContain(other.mobile);
  });

  it('needs a session', async () => {
    expect(await get(t.app, '/api/index/getUserInfo?user_id=100001')).toMatchObject({
      status: 401,
      code: 401,
    });
  });
});

describe('GET /api/index/getCzhiurl', () => {
  it('returns the configured customer-service URL', async () => {
    const { token } = await loginDemo(t);
    expect((await get(t.app, '/api/index/getCzhiurl', token)).data).toEqual({
      kefu_url: 'https://chat.example.jp/room/42',
    });
  });
});

describe('GET /api/index/withdrawal', () => {
  it('returns the withdrawal rules and the caller balance', async () => {
    const { token, userId } = await loginDemo(t);
    const result = await get(t.app, `/api/index/withdrawal?user_id=${userId}`, token);
    expect(result.data).toEqual({
      money: '1000000.00',
      min_amount: '10000.00',
      fee: '0.00',
      open_from: '09:00',
      open_until: '15:30',
      weekdays_only: true,
      credited_within_hours: 24,
      bank_accounts: [{ id: expect.any(String), bank_name: 'カブトデモ銀行', account_last4: '4567' }],
    });
  });

  it("refuses another user's id", async () => {
    const me = await registerUser(t);
    expect((await get(t.app, '/api/index/withdrawal?user_id=100001', me.token)).errorCode).toBe('FORBIDDEN');
  });
});

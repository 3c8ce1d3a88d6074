// Per-instrument limits on new orders, set by the back office: maximum leverage, lots per order, open lots per
// account, whether shorts may open. Audited, applied by the engine at once and by every node, kept on restart.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBus } from '../src/platform/bus';
import {
  createPeerNode,
  createStaff,
  createTestApp,
  get,
  staffToken,
  type TestApp,
  sameDatabaseServer,
} from './harness';
import {
  investor,
  MORNING,
  placeOrder,
  send,
  type OrderView,
  morningQuote,
  tradingTestApp,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

const NONE = { maxLeverage: null, maxLotsPerOrder: null, maxOpenLots: null, shortable: true };
const url = (code: string) => `/api/staff/trading/instruments/${code}/limits`;
const put = <T = unknown>(code: string, body: object, token = admin, query = '') =>
  send<T>(t, 'PUT', url(code) + query, token, body);

const auditRows = () =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'instrument.limits')
    .orderBy('id')
    .execute();
const stored = (code: string) =>
  t.ctx.db
    .selectFrom('instruments')
    .select(['max_leverage', 'max_lots_per_order', 'max_open_lots', 'shortable'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();

const order = (overrides: object = {}) => ({
  code: '7203',
  side: 'long',
  type: 'market',
  lots: 1,
  leverage: 1,
  ...overrides,
});

describe('setting limits', () => {
  it('refuses bad input in the language asked for, and changes nothing', async () => {
    const before = (await auditRows()).length;
    const cases: [string, object, string][] = [
      ['7203', { ...NONE, maxLeverage: 4, reason: 'x' }, 'INSTRUMENT_LIMIT_LEVERAGE_INVALID'],
      ['7203', { ...NONE, maxLeverage: 0, reason: 'x' }, 'INSTRUMENT_LIMIT_LEVERAGE_INVALID'],
      ['7203', { ...NONE, maxLeverage: 1.5, reason: 'x' }, 'INSTRUMENT_LIMIT_LEVERAGE_INVALID'],
      ['7203', { ...NONE, maxLotsPerOrder: 0, reason: 'x' }, 'INSTRUMENT_LIMIT_LOTS_INVALID'],
      ['7203', { ...NONE, maxLotsPerOrder: 10_001, reason: 'x' }, 'INSTRUMENT_LIMIT_LOTS_INVALID'],
      ['7203', { ...NONE, maxOpenLots: 2.5, reason: 'x' }, 'INSTRUMENT_LIMIT_OPEN_LOTS_INVALID'],
      ['7203', { ...NONE, maxOpenLots: '5', reason: 'x' }, 'INSTRUMENT_LIMIT_OPEN_LOTS_INVALID'],
      ['7203', { ...NONE, shortable: 'no', reason: 'x' }, 'VALIDATION_FAILED'],
      ['7203', { ...NONE, shortable: false }, 'REASON_REQUIRED'],
      ['7203', { ...NONE, shortable: false, reason: '  ' }, 'REASON_REQUIRED'],
      ['7203', { ...NONE, shortable: false, reason: 'x'.repeat(501) }, 'VALIDATION_FAILED'],
      ['7203', { ...NONE, shortable: false, reason: 'x', extra: 1 }, 'UNKNOWN_FIELD'],
      ['72', { ...NONE, shortable: false, reason: 'x' }, 'INSTRUMENT_CODE_INVALID'],
      ['9999', { ...NONE, shortable: false, reason: 'x' }, 'INSTRUMENT_NOT_FOUND'],
      ['7203', { ...NONE, reason: 'nothing changes' }, 'INSTRUMENT_LIMITS_UNCHANGED'],
    ];
    for (const [code, payload, errorCode] of cases)
      expect(await put(code, payload), `${code} ${JSON.stringify(payload)}`).toMatchObject({ errorCode });
    expect(await put('7203', { ...NONE, maxLeverage: 4, reason: 'x' }, admin, '?lang=ja')).toMatchObject({
      status: 400,
      msg: '設定済みのレバレッジから選択してください',
    });
    expect(await put('7203', { ...NONE, maxOpenLots: 0, reason: 'x' }, admin, '?lang=en')).toMatchObject({
      status: 400,
      msg: 'Enter an open-lot limit from 1 to 1,000,000',
    });
    expect(await put('7203', { ...NONE, shortable: false }, admin, '?lang=zh-CN')).toMatchObject({
      msg: '请输入原因',
    });
    expect(await stored('7203')).toEqual({
      max_leverage: null,
      max_lots_per_order: null,
      max_open_lots: null,
      shortable: true,
    });
    expect(await auditRows()).toHaveLength(before);
  });

  it('stores and audits them; the lists show them; new orders and previews over them are refused', async () => {
    const user = await investor(t, '10000000');
    // Opened before the limits: a 3x short of 2 lots.
    const short = await placeOrder(t, user, order({ side: 'short', lots: 2, leverage: 3 }));
    expect(short.data.status).toBe('filled');

    const limits = { maxLeverage: 2, maxLotsPerOrder: 3, maxOpenLots: 4, shortable: false };
    const answer = await put<Record<string, unknown>>('7203', { ...limits, reason: 'Not a 貸借銘柄' });
    expect(answer).toMatchObject({ status: 200, data: { code: '7203', ...limits } });
    expect(await stored('7203')).toEqual({
      max_leverage: 2,
      max_lots_per_order: 3,
      max_open_lots: 4,
      shortable: false,
    });
    const audit = (await auditRows()).at(-1)!;
    expect(audit).toMatchObject({
      target_kind: 'instrument',
      target_id: '7203',
      reason: 'Not a 貸借銘柄',
      before: NONE,
      after: limits,
    });

    const staffList = await get<{ items: Record<string, unknown>[] }>(
      t.app,
      '/api/staff/trading/instruments?q=7203',
      admin,
    );
    expect(staffList.data.items[0]).toMatchObject({ code: '7203', ...limits });
    const publicList = await get<{ items: Record<string, unknown>[] }>(
      t.app,
      '/api/market/instruments?q=7203',
    );
    expect(publicList.data.items[0]).toMatchObject({ code: '7203', maxLeverage: 2, shortable: false });
    expect(publicList.data.items[0]).not.toHaveProperty('maxOpenLots');

    const refused: [object, string][] = [
      [order({ leverage: 3 }), 'ORDER_LEVERAGE_ABOVE_INSTRUMENT_LIMIT'],
      [order({ side: 'short' }), 'ORDER_SHORT_NOT_ALLOWED'],
      [order({ lots: 4 }), 'ORDER_LOTS_ABOVE_INSTRUMENT_LIMIT'],
      [order({ lots: 3 }), 'ORDER_OPEN_LOTS_ABOVE_INSTRUMENT_LIMIT'],
    ];
    for (const [payload, errorCode] of refused) {
      expect(await send(t, 'POST', '/api/orders/preview', user.token, payload), errorCode).toMatchObject({
        errorCode,
      });
      expect(await placeOrder(t, user, payload), errorCode).toMatchObject({ errorCode });
    }
    expect(
      await send(t, 'POST', '/api/orders/preview?lang=ja', user.token, order({ side: 'short' })),
    ).toMatchObject({
      status: 409,
      msg: 'この銘柄は売建できません',
    });
    // Within the limits: 2 more lots at 2x (2 open + 2 = 4).
    expect((await placeOrder(t, user, order({ lots: 2, leverage: 2 }))).data.status).toBe('filled');

    // The position opened before is untouched and can still be closed.
    const positionId = (short.data as OrderView).id;
    const position = await send<{ status: string; leverage: number; lots: number }>(
      t,
      'GET',
      `/api/positions/${positionId}`,
      user.token,
    );
    expect(position.data).toMatchObject({ status: 'holding', leverage: 3, lots: 2 });
    const closed = await send(
      t,
      'POST',
      `/api/positions/${positionId}/close`,
      user.token,
      { type: 'market' },
      `close-${positionId}`,
    );
    expect(closed).toMatchObject({ status: 200, data: { status: 'closed' } });

    // Cleared: the global configuration applies again.
    expect(await put('7203', { ...NONE, reason: 'Back to normal' })).toMatchObject({
      status: 200,
      data: NONE,
    });
    expect((await placeOrder(t, user, order({ side: 'short', leverage: 3 }))).data.status).toBe('filled');
  });

  it('stay across a restart: the restarted engine refuses what they refuse', async () => {
    const user = await investor(t, '10000000');
    expect(await put('9984', { ...NONE, shortable: false, reason: 'Restart' })).toMatchObject({
      status: 200,
    });
    const restarted = await sameDatabaseServer(t);
    try {
      const short = { code: '9984', side: 'short', type: 'market', lots: 1, leverage: 1 };
      expect(await placeOrder(restarted, user, short)).toMatchObject({
        errorCode: 'ORDER_SHORT_NOT_ALLOWED',
      });
      expect(await send(restarted, 'PUT', url('9984'), admin, { ...NONE, reason: 'Back' })).toMatchObject({
        status: 200,
      });
      expect((await placeOrder(restarted, user, short)).errorCode).not.toBe('ORDER_SHORT_NOT_ALLOWED');
    } finally {
      await restarted.close();
    }
  });
});

describe('who may', () => {
  it('only staff with trading.manage: finance, support and compliance are refused, investors and no token too', async () => {
    const before = (await auditRows()).length;
    const payload = { ...NONE, shortable: false, reason: 'x' };
    for (const role of ['finance', 'support', 'compliance'] as const) {
      const member = await createStaff(t, `limits-${role}`, role);
      const token = await staffToken(t, member.username, member.password, member.secret);
      expect(await put('6758', payload, token), role).toMatchObject({
        status: 403,
        errorCode: 'STAFF_PERMISSION_DENIED',
      });
    }
    const user = await investor(t, '0');
    expect((await put('6758', payload, user.token)).status).toBe(401);
    const anonymous = await t.app.inject({ method: 'PUT', url: url('6758'), payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await stored('6758')).shortable).toBe(true);
    expect(await auditRows()).toHaveLength(before);
    // A dealer may.
    const dealer = await createStaff(t, 'limits-dealer', 'dealer');
    const token = await staffToken(t, dealer.username, dealer.password, dealer.secret);
    expect(await put('6758', { ...NONE, maxOpenLots: 10, reason: 'Dealer' }, token)).toMatchObject({
      status: 200,
    });
    expect(await put('6758', { ...NONE, reason: 'Dealer' }, token)).toMatchObject({ status: 200 });
  });
});

describe.runIf(process.env.DATABASE_URL)('two nodes', () => {
  it('limits set through one node are applied by the other: it refuses orders over them until cleared', async () => {
    const bus = memoryBus();
    const a = await createTestApp({}, bus);
    const b = await createPeerNode(a, bus);
    try {
      a.clock.set(MORNING);
      const user = await investor(a, '10000000');
      const onB = { ...a, app: b.app, ctx: b.ctx };
      const short = { code: '6758', side: 'short', type: 'market', lots: 1, leverage: 2 };
      expect((await placeOrder(onB, user, short)).data.status).toBe('filled');
      const token = await staffToken(a);
      const limits = { maxLeverage: 1, maxLotsPerOrder: null, maxOpenLots: null, shortable: false };
      expect(await send(a, 'PUT', url('6758'), token, { ...limits, reason: 'Both nodes' })).toMatchObject({
        status: 200,
      });
      // The other node hears of it through the bus: within seconds, however busy the machine.
      await vi.waitFor(
        async () =>
          expect(await placeOrder(onB, user, short)).toMatchObject({
            errorCode: 'ORDER_LEVERAGE_ABOVE_INSTRUMENT_LIMIT',
          }),
        { timeout: 10_000, interval: 100 },
      );
      expect(await placeOrder(onB, user, { ...short, leverage: 1 })).toMatchObject({
        errorCode: 'ORDER_SHORT_NOT_ALLOWED',
      });
      const listOnB = await get<{ items: Record<string, unknown>[] }>(
        b.app,
        '/api/staff/trading/instruments?q=6758',
        token,
      );
      expect(listOnB.data.items[0]).toMatchObject(limits);
      expect(await send(a, 'PUT', url('6758'), token, { ...NONE, reason: 'Both nodes' })).toMatchObject({
        status: 200,
      });
      await vi.waitFor(async () => expect((await placeOrder(onB, user, short)).data?.status).toBe('filled'), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await b.close();
      await a.close();
    }
  });
});

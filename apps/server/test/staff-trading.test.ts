// The back office's trading screens: every client's positions and orders, exposure, the risk logs, halts.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import { memoryBus } from '../src/platform/bus';
import {
  createPeerNode,
  createStaff,
  createTestApp,
  get,
  post,
  staffToken,
  type Registered,
  type TestApp,
  sameDatabaseServer,
} from './harness';
import {
  deposit,
  investor,
  MORNING,
  placeOrder,
  pushQuote,
  send,
  type OrderView,
  type PositionView,
  morningQuote,
  tradingTestApp,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

const marketLong = { code: '7203', side: 'long', type: 'market', lots: 2, leverage: 1 };
const marketShort = { code: '7203', side: 'short', type: 'market', lots: 1, leverage: 1 };
const restingLong = { code: '7203', side: 'long', type: 'limit', price: '2700', lots: 1, leverage: 1 };

const READS = [
  '/api/staff/trading/instruments',
  '/api/staff/trading/positions',
  '/api/staff/trading/orders',
  '/api/staff/trading/exposure',
  '/api/staff/trading/forced-closes',
  '/api/staff/trading/margin-calls',
  '/api/staff/trading/config',
];

const auditRows = (action: string) =>
  t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const halted = async (code: string) =>
  (
    await t.ctx.db
      .selectFrom('instruments')
      .select('halted')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).halted;

let staffCount = 0;
async function tokenOf(role: 'finance' | 'dealer' | 'support' | 'compliance') {
  const member = await createStaff(t, `trading-${role}-${++staffCount}`, role);
  return staffToken(t, member.username, member.password, member.secret);
}

interface Exposure {
  items: {
    code: string;
    longShares: number;
    shortShares: number;
    netShares: number;
    last: string;
    longNotional: string;
    shortNotional: string;
    netNotional: string;
    clientUnrealisedPnl: string;
    positions: number;
  }[];
  totals: Record<string, string | number>;
}

describe('exposure', () => {
  it('nets the clients long minus short per code at the last price, with their unrealised and realised P&L', async () => {
    const buyer = await investor(t, '1000000');
    const seller = await investor(t, '1000000');
    expect((await placeOrder(t, buyer, marketLong)).data.status).toBe('filled'); // 200 at 2,800.50
    expect((await placeOrder(t, seller, marketShort)).data.status).toBe('filled'); // 100 at 2,800
    const closer = await investor(t, '1000000');
    const closed = await placeOrder(t, closer, { ...marketLong, lots: 1 }); // 100 at 2,800.50
    await pushQuote(t, { bid: '2850', ask: '2850.5' });
    const close = await send(t, 'POST', `/api/positions/${closed.data.id}/close`, closer.token, {
      type: 'market',
    });
    expect(close.status).toBe(200); // sold at 2,850: realised 4,950
    expect((await placeOrder(t, buyer, restingLong)).data.status).toBe('open');

    const report = await get<Exposure>(t.app, '/api/staff/trading/exposure', admin);
    expect(report.data.items).toEqual([
      expect.objectContaining({
        code: '7203',
        last: '2850.00',
        longShares: 200,
        shortShares: 100,
        netShares: 100,
        longNotional: '570000.00',
        shortNotional: '285000.00',
        netNotional: '285000.00',
        // long: (2,850 - 2,800.50) × 200 = 9,900; short: (2,800 - 2,850) × 100 = -5,000.
        clientUnrealisedPnl: '4900.00',
        positions: 2,
      }),
    ]);
    expect(report.data.totals).toMatchObject({
      netNotional: '285000.00',
      clientUnrealisedPnl: '4900.00',
      clientRealisedPnl: '4950.00',
      openPositions: 2,
      openOrders: 1,
      unpriced: 0,
    });
  });
});

describe('positions and orders', () => {
  it('lists every client’s open positions and resting orders, filtered by user and code, and audits the look', async () => {
    const one = await investor(t, '1000000');
    const two = await investor(t, '1000000');
    const position = await placeOrder(t, one, marketLong);
    const order = await placeOrder(t, two, restingLong);

    const mine = await get<{ items: { id: string; userId: string; unrealisedPnl: string }[]; total: number }>(
      t.app,
      `/api/staff/trading/positions?userId=${one.userId}`,
      admin,
    );
    expect(mine.data.total).toBe(1);
    expect(mine.data.items[0]).toMatchObject({ id: position.data.id, userId: one.userId });
    const listed = (await auditRows('trading.positions_list')).at(-1)!;
    expect(listed.after).toMatchObject({ userId: one.userId, shown: [position.data.id] });

    const orders = await get<{ items: OrderView[] & { userId: string }[]; total: number }>(
      t.app,
      `/api/staff/trading/orders?userId=${two.userId}&code=7203`,
      admin,
    );
    expect(orders.data.items.map((item) => item.id)).toEqual([order.data.id]);
    expect((await auditRows('trading.orders_list')).at(-1)!.after).toMatchObject({
      code: '7203',
      shown: [order.data.id],
    });
    const none = await get<{ total: number }>(t.app, '/api/staff/trading/orders?code=6758', admin);
    expect(none.data.total).toBe(0);
  });

  it('lists the history by status: closed positions with their exit, filled and cancelled orders, each audited with its status', async () => {
    const user = await investor(t, '2000000');
    const kept = await placeOrder(t, user, marketLong);
    const closed = await placeOrder(t, user, { ...marketLong, lots: 1 });
    await pushQuote(t, { bid: '2850', ask: '2850.5' });
    expect(
      (await send(t, 'POST', `/api/positions/${closed.data.id}/close`, user.token, { type: 'market' }))
        .status,
    ).toBe(200);
    const resting = await placeOrder(t, user, restingLong);
    const cancelled = await placeOrder(t, user, restingLong);
    expect((await send(t, 'DELETE', `/api/orders/${cancelled.data.id}`, user.token)).status).toBe(200);

    type Listed = { items: Record<string, unknown>[]; total: number };
    const list = async (path: string) => (await get<Listed>(t.app, path, admin)).data;
    const byUser = `userId=${user.userId}`;

    const open = await list(`/api/staff/trading/positions?${byUser}`);
    expect(open.items.map((item) => item.id)).toEqual([kept.data.id]);
    const history = await list(`/api/staff/trading/positions?${byUser}&status=closed`);
    expect(history.items).toEqual([
      expect.objectContaining({
        id: closed.data.id,
        status: 'closed',
        exitPrice: '2850.00',
        realisedPnl: '4950.00', // (2,850 - 2,800.50) × 100
        closeReason: 'user',
        markPrice: null,
      }),
    ]);
    expect((await auditRows('trading.positions_list')).at(-1)!.after).toMatchObject({
      status: 'closed',
      shown: [closed.data.id],
    });

    const orderIds = async (status: string) =>
      (await list(`/api/staff/trading/orders?${byUser}&status=${status}`)).items.map((item) => item.id);
    expect(await orderIds('open')).toEqual([resting.data.id]);
    expect(await orderIds('filled')).toEqual([closed.data.id, kept.data.id]);
    expect(await orderIds('cancelled')).toEqual([cancelled.data.id]);
    expect((await list(`/api/staff/trading/orders?${byUser}`)).items.map((item) => item.id)).toEqual([
      resting.data.id,
    ]);
    const cancelledRow = (await list(`/api/staff/trading/orders?${byUser}&status=cancelled`)).items[0];
    expect(cancelledRow).toMatchObject({ cancelReason: 'user', heldMargin: '0.00' });
    expect((await auditRows('trading.orders_list')).at(-1)!.after).toMatchObject({
      status: 'cancelled',
      shown: [cancelled.data.id],
    });
  });

  it('refuses a malformed filter', async () => {
    expect(await get(t.app, '/api/staff/trading/positions?status=holding', admin)).toMatchObject({
      status: 400,
    });
    expect(await get(t.app, '/api/staff/trading/orders?status=all', admin)).toMatchObject({ status: 400 });
    for (const query of ['userId=abc', 'code=72', 'page=0', 'pageSize=1000']) {
      expect(await get(t.app, `/api/staff/trading/positions?${query}`, admin)).toMatchObject({ status: 400 });
    }
    expect(await get(t.app, '/api/staff/trading/margin-calls?status=late', admin)).toMatchObject({
      status: 400,
    });
  });
});

describe('the configuration', () => {
  it('shows the leverage set, the fee schedule and the margin levels the engine runs with', async () => {
    const config = await get(t.app, '/api/staff/trading/config', admin);
    expect(config.data).toEqual({
      leverages: [1, 2, 3],
      feeRateBp: 10,
      feeMinimum: '100.00',
      feeMaximum: null,
      longInterestBpPerYear: 280,
      shortBorrowFeeBpPerYear: 115,
      daysPerYear: 365,
      initialMarginBp: 3000,
      maintenanceBp: 2000,
      liquidationBp: 1000,
      minimumEquityForLeverage: '300000.00',
      minimumCreditScoreForLeverage: 80,
      maxLotsPerOrder: 10000,
    });
  });
});

describe('halt and resume', () => {
  it('refuses bad input and changes nothing', async () => {
    const before = (await auditRows('instrument.halt')).length;
    const cases: [string, unknown, string][] = [
      ['/api/staff/trading/instruments/7203/halt', {}, 'REASON_REQUIRED'],
      ['/api/staff/trading/instruments/7203/halt', { reason: '   ' }, 'REASON_REQUIRED'],
      ['/api/staff/trading/instruments/7203/halt', { reason: 'x'.repeat(501) }, 'VALIDATION_FAILED'],
      ['/api/staff/trading/instruments/7203/halt', { reason: 'ok', extra: 1 }, 'UNKNOWN_FIELD'],
      ['/api/staff/trading/instruments/72/halt', { reason: 'ok' }, 'INSTRUMENT_CODE_INVALID'],
      ['/api/staff/trading/instruments/9999/halt', { reason: 'ok' }, 'INSTRUMENT_NOT_FOUND'],
      ['/api/staff/trading/instruments/7203/resume', { reason: 'ok' }, 'INSTRUMENT_NOT_HALTED'],
    ];
    for (const [url, payload, errorCode] of cases) {
      const answer = await post(t.app, url, payload, admin);
      expect(answer.errorCode ?? answer.status, url).toBe(errorCode);
    }
    expect(await halted('7203')).toBe(false);
    expect(await auditRows('instrument.halt')).toHaveLength(before);
    expect(await auditRows('instrument.resume')).toHaveLength(0);
  });

  it('halts: the market shows it, new orders are refused, resting ones wait; resume trades again; both audited', async () => {
    const user = await investor(t, '1000000');
    const resting = await placeOrder(t, user, restingLong);
    const dealer = await tokenOf('dealer');
    const answer = await post<{ halted: boolean; code: string }>(
      t.app,
      '/api/staff/trading/instruments/7203/halt',
      { reason: 'Pending announcement' },
      dealer,
    );
    expect(answer).toMatchObject({ status: 200, data: { code: '7203', halted: true } });
    expect(await halted('7203')).toBe(true);
    const [audit] = await auditRows('instrument.halt');
    expect(audit).toMatchObject({
      target_kind: 'instrument',
      target_id: '7203',
      reason: 'Pending announcement',
      before: { halted: false },
      after: { halted: true },
    });

    const market = await get<{ items: { code: string; halted: boolean }[] }>(
      t.app,
      '/api/market/instruments?q=7203',
    );
    expect(market.data.items[0]).toMatchObject({ code: '7203', halted: true });
    const refused = await placeOrder(t, user, { ...marketLong, lots: 1 });
    expect(refused).toMatchObject({ errorCode: 'INSTRUMENT_HALTED' });
    const again = await post(t.app, '/api/staff/trading/instruments/7203/halt', { reason: 'x' }, dealer);
    expect(again).toMatchObject({ status: 409, errorCode: 'INSTRUMENT_ALREADY_HALTED' });
    expect(await auditRows('instrument.halt')).toHaveLength(1);
    const list = await get<{ items: { code: string; halted: boolean }[] }>(
      t.app,
      '/api/staff/trading/instruments?halted=true',
      admin,
    );
    expect(list.data.items.map((item) => item.code)).toEqual(['7203']);

    const resumed = await post(
      t.app,
      '/api/staff/trading/instruments/7203/resume',
      { reason: 'Announced' },
      admin,
    );
    expect(resumed).toMatchObject({ status: 200, data: { halted: false } });
    expect(await auditRows('instrument.resume')).toEqual([
      expect.objectContaining({ reason: 'Announced', before: { halted: true }, after: { halted: false } }),
    ]);
    await pushQuote(t, { bid: '2800', ask: '2800.5' });
    expect((await placeOrder(t, user, { ...marketLong, lots: 1 })).data.status).toBe('filled');
    const still = await send<OrderView>(t, 'GET', `/api/orders?status=open`, user.token);
    expect(JSON.stringify(still.data)).toContain(resting.data.id);
  });
});

describe('a halt across a restart', () => {
  it('stays: the restarted server refuses new orders for the instrument until it is resumed', async () => {
    const user = await investor(t, '1000000');
    const halt = await post(t.app, '/api/staff/trading/instruments/9984/halt', { reason: 'Restart' }, admin);
    expect(halt.status).toBe(200);
    const restarted = await sameDatabaseServer(t);
    try {
      const order = { code: '9984', side: 'long', type: 'market', lots: 1, leverage: 1 };
      expect(await placeOrder(restarted, user, order)).toMatchObject({ errorCode: 'INSTRUMENT_HALTED' });
      const resumed = await post(
        restarted.app,
        '/api/staff/trading/instruments/9984/resume',
        { reason: 'Back' },
        admin,
      );
      expect(resumed).toMatchObject({ status: 200, data: { halted: false } });
      expect((await placeOrder(restarted, user, order)).errorCode).not.toBe('INSTRUMENT_HALTED');
    } finally {
      await restarted.close();
    }
  });
});

describe('who may', () => {
  it('support may not read; finance reads but may not halt; an investor token or none is refused', async () => {
    const support = await tokenOf('support');
    for (const url of READS)
      expect(await get(t.app, url, support), url).toMatchObject({
        status: 403,
        errorCode: 'STAFF_PERMISSION_DENIED',
      });
    const finance = await tokenOf('finance');
    for (const url of READS) expect((await get(t.app, url, finance)).status, url).toBe(200);
    const user = await investor(t, '0');
    for (const url of READS) {
      expect((await get(t.app, url, user.token)).status, url).toBe(401);
      expect((await get(t.app, url)).status, url).toBe(401);
    }
    for (const token of [finance, support]) {
      expect(
        await post(t.app, '/api/staff/trading/instruments/6758/halt', { reason: 'x' }, token),
      ).toMatchObject({ status: 403, errorCode: 'STAFF_PERMISSION_DENIED' });
    }
    expect(
      (await post(t.app, '/api/staff/trading/instruments/6758/halt', { reason: 'x' }, user.token)).status,
    ).toBe(401);
    expect(await halted('6758')).toBe(false);
  });
});

describe('the risk logs', () => {
  it('list the margin call and the forced close of a falling position, and audit the look', async () => {
    const user = await investor(t, '1000000');
    const filled = await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 });
    expect(filled.data.status).toBe('filled');
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    const calls = await get<{ items: { userId: string; clearedAt: string | null; ratioBp: number }[] }>(
      t.app,
      `/api/staff/trading/margin-calls?userId=${user.userId}&status=open`,
      admin,
    );
    expect(calls.data.items).toEqual([expect.objectContaining({ userId: user.userId, clearedAt: null })]);

    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300' });
    const log = await get<{ items: object[] }>(
      t.app,
      `/api/staff/trading/forced-closes?userId=${user.userId}`,
      admin,
    );
    expect(log.data.items).toEqual([
      expect.objectContaining({
        userId: user.userId,
        positionId: filled.data.id,
        code: '7203',
        side: 'long',
        lots: 10,
        reason: 'liquidation_level',
        exitPrice: '1800.00',
        realisedPnl: '-1000500.00',
      }),
    ]);
    expect((await auditRows('trading.forced_closes_list')).at(-1)!.after).toMatchObject({
      userId: user.userId,
    });
    expect((await auditRows('trading.margin_calls_list')).at(-1)!.after).toMatchObject({ status: 'open' });
  });
});

describe('the forced-close log', () => {
  it('shows a close decided while the market is shut as waiting, and as executed once it has filled', async () => {
    const user = await investor(t, '1000000');
    const filled = await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 });
    expect(filled.data.status).toBe('filled');
    const log = async () =>
      (
        await get<{ items: { pending: boolean; exitPrice: string | null }[] }>(
          t.app,
          `/api/staff/trading/forced-closes?userId=${user.userId}`,
          admin,
        )
      ).data.items;
    // The lunch break: the price falls below the liquidation level, but nothing trades until the afternoon.
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300', phase: 'lunch-break' });
    expect(await log()).toEqual([expect.objectContaining({ pending: true, exitPrice: null })]);
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300', phase: 'afternoon' });
    expect(await log()).toEqual([expect.objectContaining({ pending: false, exitPrice: '1800.00' })]);
  });
});

describe('a forced close waiting for the auction', () => {
  it('stays waiting across a restart: the position reads closing, and the restarted server neither decides it again nor forgets it', async () => {
    const user = await investor(t, '1000000');
    const filled = await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 });
    const log = async (app: TestApp) =>
      (
        await get<{ items: { pending: boolean; exitPrice: string | null; executedAt: string | null }[] }>(
          app.app,
          `/api/staff/trading/forced-closes?userId=${user.userId}`,
          admin,
        )
      ).data.items;
    const position = async (app: TestApp) =>
      (await send<PositionView>(app, 'GET', `/api/positions/${filled.data.id}`, user.token)).data;
    const account = async (app: TestApp) =>
      (await get<{ forcedClosePending: boolean }>(app.app, '/api/trading/account', user.token)).data;
    expect(await account(t)).toMatchObject({ forcedClosePending: false });
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300', phase: 'lunch-break' });
    expect(await log(t)).toEqual([expect.objectContaining({ pending: true })]);
    expect(await position(t)).toMatchObject({
      status: 'closing',
      pendingClose: 'forced',
      closeReason: null,
      closeRequestedAt: t.clock.now().toISOString(),
    });
    expect(await account(t)).toMatchObject({ forcedClosePending: true });
    const staffView = await get<{ items: { id: string; pendingClose: string | null }[] }>(
      t.app,
      `/api/staff/trading/positions?userId=${user.userId}`,
      admin,
    );
    expect(staffView.data.items).toEqual([
      expect.objectContaining({ id: filled.data.id, pendingClose: 'forced' }),
    ]);

    const restarted = await sameDatabaseServer(t);
    try {
      await pushQuote(restarted, { bid: '1790', ask: '1790.5' }, { base: '2300', phase: 'lunch-break' });
      expect(await log(restarted)).toHaveLength(1);
      expect(await position(restarted)).toMatchObject({ status: 'closing' });
      expect(await account(restarted)).toMatchObject({ forcedClosePending: true });
      // The price is back above the liquidation level by the afternoon: the close decided at lunch still executes.
      await pushQuote(restarted, { bid: '2300', ask: '2300.5' }, { base: '2300', phase: 'afternoon' });
      const closed = await position(restarted);
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'forced', pendingClose: null });
      expect(await account(restarted)).toMatchObject({ forcedClosePending: false });
      expect(await log(restarted)).toEqual([
        expect.objectContaining({ pending: false, exitPrice: '2300.00', executedAt: closed.closedAt }),
      ]);
    } finally {
      await restarted.close();
    }
  });
});

describe('a node that does not feed the engine', () => {
  /** A second node on the same database, hearing nothing of this one's bus. */
  async function withPeer(work: (onPeer: TestApp) => Promise<void>) {
    const peer = await createPeerNode(t, memoryBus());
    try {
      await work({ ...t, app: peer.app, ctx: peer.ctx });
    } finally {
      await peer.close();
    }
  }

  it.runIf(process.env.DATABASE_URL)(
    'takes a deposit at its old marks without lifting the margin call the feeding node raised',
    async () => {
      const user = await investor(t, '1000000');
      expect((await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 })).data.status).toBe(
        'filled',
      );
      await withPeer(async (onPeer) => {
        // The peer last saw Toyota at 2,800 yen, then lost the market's ticks.
        await pushQuote(onPeer, { bid: '2800', ask: '2800.5' });
        expect((await send(onPeer, 'GET', '/api/trading/account', user.token)).data).toMatchObject({
          marginCall: null,
        });
        tradingOf(onPeer.ctx).setFeeding(false);
        // The feeding node: at 2,300 the ratio is under the margin-call level.
        await pushQuote(t, { bid: '2300', ask: '2300.5' });
        const open = { clearedAt: null, clearedBy: null };
        const calls = async () =>
          (
            await get<{ items: { clearedAt: string | null; clearedBy: string | null }[] }>(
              t.app,
              `/api/staff/trading/margin-calls?userId=${user.userId}`,
              admin,
            )
          ).data.items;
        expect(await calls()).toEqual([expect.objectContaining(open)]);
        // The peer reads the call from the database, and keeps its own marks.
        expect((await send(onPeer, 'GET', '/api/trading/account', user.token)).data).toMatchObject({
          marginCall: { deadline: '2026-11-25' },
        });
        // 10,000 yen is far from enough at 2,300, and would be plenty at the peer's 2,800.
        await deposit(t, user, '10000');
        const onPeerAccount = await send<{ marginCall: object | null }>(
          onPeer,
          'GET',
          '/api/trading/account',
          user.token,
        );
        expect(onPeerAccount.data.marginCall).toEqual({ raisedOn: '2026-11-24', deadline: '2026-11-25' });
        expect(await calls()).toEqual([expect.objectContaining(open)]);
        const onFeeding = await send<{ marginCall: object | null }>(
          t,
          'GET',
          '/api/trading/account',
          user.token,
        );
        expect(onFeeding.data.marginCall).toEqual({ raisedOn: '2026-11-24', deadline: '2026-11-25' });
      });
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'takes a quote (a halt applied on every node) as a mark only: no forced close, no fill at its price',
    async () => {
      const user = await investor(t, '1000000');
      expect((await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 })).data.status).toBe(
        'filled',
      );
      await withPeer(async (onPeer) => {
        await send(onPeer, 'GET', '/api/trading/account', user.token);
        tradingOf(onPeer.ctx).setFeeding(false);
        // The peer's own feed, halting the stock at a price far below the market's: through the liquidation level.
        await pushQuote(onPeer, { bid: '1800', ask: '1800.5' }, { base: '2300' });
        const positions = await send<{ items: PositionView[] }>(
          t,
          'GET',
          '/api/positions?status=open',
          user.token,
        );
        expect(positions.data.items).toEqual([
          expect.objectContaining({ status: 'holding', pendingClose: null }),
        ]);
        const log = await get<{ items: unknown[] }>(
          t.app,
          `/api/staff/trading/forced-closes?userId=${user.userId}`,
          admin,
        );
        expect(log.data.items).toEqual([]);
      });
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'taking the tick lease over, refuses a close until its engine is rebuilt with the feed’s quotes, then fills at them',
    async () => {
      const user = await investor(t, '1000000');
      const filled = await placeOrder(t, user, marketLong);
      expect(filled.data.status).toBe('filled');
      await withPeer(async (onPeer) => {
        // The peer last saw Toyota at 1,800 yen (another day's price) before it lost the ticks.
        await pushQuote(onPeer, { bid: '1800', ask: '1800.5' }, { base: '2300' });
        const trading = tradingOf(onPeer.ctx);
        trading.setFeeding(false);
        const investorOf = { userId: BigInt(user.userId), sessionId: undefined } as never;
        // Work already queued on the peer when the lease comes to it.
        const queued = trading.account(BigInt(user.userId));
        trading.setFeeding(true);
        await expect(
          trading.closePosition(investorOf, BigInt(filled.data.id), { type: 'market' }, 'takeover-1'),
        ).rejects.toMatchObject({ errorCode: 'TRADING_UNAVAILABLE' });
        await queued;
        await trading.ready();
        const closed = await trading.closePosition(
          investorOf,
          BigInt(filled.data.id),
          { type: 'market' },
          'takeover-2',
        );
        expect(closed.status).toBe('closed');
        expect(closed.exit_price).not.toBe(1800_00n);
      });
    },
  );
});

describe('how a margin call ended', () => {
  const marginCalls = async (app: TestApp, user: Registered) =>
    (
      await get<{ items: { clearedAt: string | null; clearedBy: string | null }[] }>(
        app.app,
        `/api/staff/trading/margin-calls?userId=${user.userId}`,
        admin,
      )
    ).data.items;
  const open = { clearedAt: null, clearedBy: null };
  const endedBy = (clearedBy: 'recovered' | 'forced_close') => ({ clearedAt: expect.any(String), clearedBy });

  /** 10 lots of Toyota at 3x on 1,000,000 yen: at 2,300 yen the ratio is below 20% but above 10%. */
  async function leveragedLong() {
    const user = await investor(t, '1000000');
    expect((await placeOrder(t, user, { ...marketLong, lots: 10, leverage: 3 })).data.status).toBe('filled');
    return user;
  }

  it('reads recovered when a deposit restores the ratio, the call read back by a restarted server', async () => {
    const user = await leveragedLong();
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    expect(await marginCalls(t, user)).toEqual([expect.objectContaining(open)]);
    // The next morning a restarted server rebuilds its engine with the open call, raised yesterday.
    t.clock.set(new Date('2026-11-25T00:30:00Z'));
    const restarted = await sameDatabaseServer(t);
    try {
      await pushQuote(restarted, { bid: '2300', ask: '2300.5' });
      const account = () =>
        send<{ marginCall: object | null }>(restarted, 'GET', '/api/trading/account', user.token);
      expect((await account()).data.marginCall).toEqual({ raisedOn: '2026-11-24', deadline: '2026-11-25' });
      await deposit(restarted, user, '200000');
      // The account read takes the ledger's new cash into the engine, as any command of the user does.
      expect((await account()).data.marginCall).toBeNull();
      expect(await marginCalls(restarted, user)).toEqual([expect.objectContaining(endedBy('recovered'))]);
    } finally {
      await restarted.close();
    }
  });

  it('reads forced_close when a forced close restores the ratio', async () => {
    const user = await leveragedLong();
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    expect(await marginCalls(t, user)).toEqual([expect.objectContaining(open)]);
    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300' });
    expect(await marginCalls(t, user)).toEqual([expect.objectContaining(endedBy('forced_close'))]);
  });

  it('reads forced_close when a close decided while the market is shut fills at the next auction', async () => {
    const user = await leveragedLong();
    // The lunch break: the call is raised and the forced close waits for the afternoon's opening auction.
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300', phase: 'lunch-break' });
    expect(await marginCalls(t, user)).toEqual([expect.objectContaining(open)]);
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300', phase: 'afternoon' });
    expect(await marginCalls(t, user)).toEqual([expect.objectContaining(endedBy('forced_close'))]);
  });
});

describe.runIf(process.env.DATABASE_URL)('two nodes', () => {
  it('a halt taken by one node is applied by the other: it refuses orders for the instrument until resumed', async () => {
    const bus = memoryBus();
    const a = await createTestApp({}, bus);
    const b = await createPeerNode(a, bus);
    try {
      a.clock.set(MORNING);
      // Every try before the halt arrives places an order (a lot of Sony is about 360,000 yen): cash for a hundred
      // of them, so that the orders after the resume are not refused for want of it on a slow machine.
      const user = await investor(a, '40000000');
      const onB = { ...a, app: b.app, ctx: b.ctx };
      const order = { code: '6758', side: 'long', type: 'market', lots: 1, leverage: 1 };
      expect((await placeOrder(onB, user, order)).data.status).toBe('filled');
      const token = await staffToken(a);
      expect(
        await post(a.app, '/api/staff/trading/instruments/6758/halt', { reason: 'Both nodes' }, token),
      ).toMatchObject({ status: 200 });
      // The other node hears of it through the bus: within seconds, however busy the machine.
      await vi.waitFor(
        async () =>
          expect(await placeOrder(onB, user, order)).toMatchObject({ errorCode: 'INSTRUMENT_HALTED' }),
        { timeout: 30_000, interval: 100 },
      );
      expect(
        await post(a.app, '/api/staff/trading/instruments/6758/resume', { reason: 'Both nodes' }, token),
      ).toMatchObject({ status: 200 });
      await vi.waitFor(async () => expect((await placeOrder(onB, user, order)).data?.status).toBe('filled'), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await b.close();
      await a.close();
    }
  }, 120_000);
});

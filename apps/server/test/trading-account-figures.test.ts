// The trading account's buying power (買付余力) and the maintenance ratio's levels, as the Trade tab shows them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradingAccount } from '@kabuto/contract';
import type { TestApp } from './harness';
import { investor, morningQuote, placeOrder, pushQuote, send, tradingTestApp, yen } from './trading-helpers';

let t: TestApp;
beforeAll(async () => void ({ t } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

/** NTT: TOPIX500 ticks, about 150 yen, so a lot (15,000 yen) fits in a little room. */
const NTT = { code: '9432', tickTable: 'topix500' as const, base: yen('150') };
const account = async (token: string) =>
  (await send<TradingAccount>(t, 'GET', '/api/trading/account', token)).data;

describe('buying power', () => {
  it('is the cash less the fee with nothing open, per leverage', async () => {
    const user = await investor(t, '1000000');
    const figures = await account(user.token);
    const perLeverage = [
      { leverage: 1, notional: '999000.99', margin: '999000.99', limitedBy: 'cash' },
      { leverage: 2, notional: '1996007.98', margin: '998003.99', limitedBy: 'cash' },
      { leverage: 3, notional: '2991026.91', margin: '997008.97', limitedBy: 'cash' },
    ];
    expect(figures.buyingPower).toEqual([
      ...perLeverage.map((power) => ({ side: 'long', ...power })),
      ...perLeverage.map((power) => ({ side: 'short', ...power })),
    ]);
    expect(figures.levels).toEqual({
      marginCall: { ratio: '20.00', equity: null },
      liquidation: { ratio: '10.00', equity: null },
    });
  });

  it('falls below the cash with unrealised losses, to exactly what the engine accepts', async () => {
    const user = await investor(t, '1000000');
    // 10 lots at 3x at 2,800.50: margin 933,500 and fee 2,800.50 leave 63,699.50 yen of cash.
    expect(
      (await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 10, leverage: 3 })).code,
    ).toBe(1);
    await pushQuote(t, { bid: '2370', ask: '2370.5' });
    const figures = await account(user.token);
    // Equity 566,699.50 on 2,800,500 (20.23%): (566,699.50 - 100) × 5 - 2,800,500 = 32,497.50 yen of room.
    expect(figures).toMatchObject({ available: '63699.50', equity: '566699.50', maintenanceRatio: '20.23' });
    expect(figures.buyingPower[0]).toEqual({
      side: 'long',
      leverage: 1,
      notional: '32497.50',
      margin: '32497.50',
      limitedBy: 'maintenance',
    });
    // The ratio bounds the notional whatever the leverage: at 2x and 3x only the margin is smaller.
    expect(
      figures.buyingPower
        .filter((power) => power.side === 'long')
        .slice(1)
        .map((power) => [power.notional, power.margin, power.limitedBy]),
    ).toEqual([
      ['32497.50', '16248.75', 'maintenance'],
      ['32497.50', '10832.50', 'maintenance'],
    ]);
    expect(figures.levels).toEqual({
      marginCall: { ratio: '20.00', equity: '560100.00' },
      liquidation: { ratio: '10.00', equity: '280050.00' },
    });

    await pushQuote(t, { bid: '150', ask: '150.1' }, { instrument: NTT });
    const ntt = { code: NTT.code, side: 'long', type: 'market', leverage: 1 };
    // 3 lots (45,030 yen, which the cash would pay) are above the room; 2 lots (30,020) are within it.
    const tooMany = await placeOrder(t, user, { ...ntt, lots: 3 });
    expect(tooMany.errorCode).toBe('ORDER_MARGIN_RATIO_TOO_LOW');
    expect((await placeOrder(t, user, { ...ntt, lots: 2 })).code).toBe(1);
  });

  it('is nothing while a margin call is open', async () => {
    const user = await investor(t, '1000000');
    await placeOrder(t, user, { code: '7203', side: 'long', type: 'market', lots: 10, leverage: 3 });
    await pushQuote(t, { bid: '2300', ask: '2300.5' });
    const figures = await account(user.token);
    expect(figures.marginCall).not.toBeNull();
    expect(figures.buyingPower.map((power) => [power.notional, power.limitedBy])).toEqual(
      Array.from({ length: 6 }, () => ['0.00', 'margin_call']),
    );
  });

  it('has no room for a short of any leverage below the minimum equity, where a 1x buy still has some', async () => {
    const user = await investor(t, '200000');
    const figures = await account(user.token);
    const at1x = (side: string) => figures.buyingPower.find((p) => p.side === side && p.leverage === 1);
    expect(at1x('long')).toMatchObject({ notional: '199800.19', limitedBy: 'cash' });
    expect(at1x('short')).toMatchObject({ notional: '0.00', limitedBy: 'minimum_equity' });
    const short = await placeOrder(t, user, {
      code: '7203',
      side: 'short',
      type: 'market',
      lots: 1,
      leverage: 1,
    });
    expect(short).toMatchObject({ status: 409, errorCode: 'ORDER_MINIMUM_EQUITY_REQUIRED' });
  });
});

describe('buying power of a margin trade the investor may not open', () => {
  // placeOrder refuses a margin trade (a short at any leverage, a long above 1x) below the credit score before
  // any money check, so the room shown for it must be none, not the cash.
  it('is zero when the credit score is below the margin-trade minimum, as placeOrder refuses it', async () => {
    const user = await investor(t, '1000000', { creditScore: 10 });
    const figures = await account(user.token);
    const short1x = figures.buyingPower.find((power) => power.side === 'short' && power.leverage === 1)!;
    const refused = await placeOrder(t, user, {
      code: '7203',
      side: 'short',
      type: 'market',
      lots: 1,
      leverage: 1,
    });
    expect(refused.status).toBe(403);
    expect(short1x).toMatchObject({ notional: '0.00', limitedBy: 'margin_eligibility' });
    expect(
      figures.buyingPower
        .filter((power) => power.notional !== '0.00')
        .map((power) => [power.side, power.leverage]),
    ).toEqual([['long', 1]]);
  });
});

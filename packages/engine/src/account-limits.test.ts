import { describe, expect, it } from 'vitest';
import { buyingPower, fundsProblem, riskLevels } from './account-limits';
import { DEFAULT_ENGINE_CONFIG } from './config';
import type { Engine } from './engine';
import { SMALL, TOYOTA, at, engineWith, ofType, quote, y } from './test-fixtures';

const config = DEFAULT_ENGINE_CONFIG;
/** Identity verified and a credit score above the margin-trade minimum. */
const eligible = { kycPassed: true, creditScore: 100 };

function powerOf(engine: Engine, leverage: number) {
  const view = engine.account('a')!;
  return buyingPower(view, 'long', leverage, engine.config);
}

/** Places a market buy at 1x or more; the engine's refusal, or 'accepted'. */
function placeAt(engine: Engine, code: string, lots: number, leverage: number, orderId: string) {
  const events = engine.placeOrder({
    orderId,
    accountId: 'a',
    code,
    side: 'long',
    type: 'market',
    lots,
    leverage,
    at: at('10:01'),
  });
  return ofType(events, 'Rejected')[0]?.reason ?? 'accepted';
}

describe('buyingPower', () => {
  it('is the cash less the fee with nothing open (1x): 1,000,000 yen buys 999,000.99 yen of stock', () => {
    const power = buyingPower(
      { available: y('1000000'), equity: y('1000000'), openNotional: 0n, marginCall: null, ...eligible },
      'long',
      1,
      config,
    );
    // notional + max(100 yen, 0.1% rounded up) <= 1,000,000: 999,000.99 pays a fee of 999.01.
    expect(power).toEqual({
      side: 'long',
      leverage: 1,
      notional: y('999000.99'),
      margin: y('999000.99'),
      limitedBy: 'cash',
    });
    const at3x = buyingPower(
      { available: y('1000000'), equity: y('1000000'), openNotional: 0n, marginCall: null, ...eligible },
      'long',
      3,
      config,
    );
    expect(at3x.limitedBy).toBe('cash');
    expect(at3x.notional).toBe(y('2991026.91'));
  });

  it('is below the cash when unrealised losses bind the maintenance ratio, exactly where the engine refuses', () => {
    // 1,000,000 yen; 3x on 10 lots of Toyota at 2,800: margin 933,333.34 and fee 2,800 leave 63,866.66 cash.
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    expect(placeAt(engine, TOYOTA.code, 10, 3, 'p1')).toBe('accepted');
    engine.onQuote(quote(TOYOTA, { bid: '2370', ask: '2370', last: '2370' }));
    const view = engine.account('a')!;
    // Down 430 yen a share: equity 567,200 on 2,800,000 (20.26%), still above the margin-call level.
    expect(view.equity).toBe(y('567200'));
    expect(view.available).toBe(y('63866.66'));
    const power = powerOf(engine, 1);
    // (567,200 - 100) × 10,000 ≥ (2,800,000 + N) × 2,000  →  N ≤ 35,500 yen, well below the cash.
    expect(power).toEqual({
      side: 'long',
      leverage: 1,
      notional: y('35500'),
      margin: y('35500'),
      limitedBy: 'maintenance',
    });
    // The small stock at 150 yen: 3 lots (45,000, which the cash would pay) are refused, 2 (30,000) taken.
    engine.onQuote(quote(SMALL, { bid: '150', ask: '150' }));
    expect(placeAt(engine, SMALL.code, 3, 1, 'p2')).toBe('MARGIN_RATIO_TOO_LOW');
    expect(placeAt(engine, SMALL.code, 2, 1, 'p3')).toBe('accepted');
  });

  it('is the cash bound when the ratio leaves more room than the cash', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    placeAt(engine, TOYOTA.code, 10, 3, 'p1');
    engine.onQuote(quote(TOYOTA, { bid: '2380', ask: '2380', last: '2380' }));
    // Ratio room (577,200 - fee) × 5 - 2,800,000 = 85,500 yen; cash 63,866.66 less its fee is less.
    expect(powerOf(engine, 1)).toEqual({
      side: 'long',
      leverage: 1,
      notional: y('63766.66'),
      margin: y('63766.66'),
      limitedBy: 'cash',
    });
  });

  it('is nothing during a margin call, and nothing above 1x below the minimum equity', () => {
    const open = { available: y('500000'), equity: y('500000'), openNotional: 0n };
    expect(
      buyingPower(
        { ...open, ...eligible, marginCall: { raisedOn: '2026-11-24', deadline: '2026-11-25' } },
        'long',
        1,
        config,
      ),
    ).toEqual({ side: 'long', leverage: 1, notional: 0n, margin: 0n, limitedBy: 'margin_call' });
    const poor = {
      available: y('200000'),
      equity: y('200000'),
      openNotional: 0n,
      marginCall: null,
      ...eligible,
    };
    expect(buyingPower(poor, 'long', 2, config)).toMatchObject({ notional: 0n, limitedBy: 'minimum_equity' });
    // 199,800.19 + a fee of 199.81 (0.1%, rounded up) = 200,000.
    expect(buyingPower(poor, 'long', 1, config).notional).toBe(y('199800.19'));
    // A short is a margin trade at any leverage: below the minimum equity there is no room for one at 1x either.
    expect(buyingPower(poor, 'short', 1, config)).toMatchObject({
      notional: 0n,
      limitedBy: 'minimum_equity',
    });
    const rich = {
      available: y('1000000'),
      equity: y('1000000'),
      openNotional: 0n,
      marginCall: null,
      ...eligible,
    };
    expect(buyingPower(rich, 'short', 1, config).notional).toBe(
      buyingPower(rich, 'long', 1, config).notional,
    );
  });

  it('is nothing when the cash cannot pay the minimum fee', () => {
    const power = buyingPower(
      { available: y('99.99'), equity: y('99.99'), openNotional: 0n, marginCall: null, ...eligible },
      'long',
      1,
      config,
    );
    expect(power).toMatchObject({ notional: 0n, limitedBy: 'cash' });
  });
});

describe('riskLevels', () => {
  it('gives the equity below which the margin call and the forced close come, from the configuration', () => {
    expect(riskLevels(y('2800000'), config)).toEqual({
      marginCall: { ratioBp: 2000, equity: y('560000') },
      liquidation: { ratioBp: 1000, equity: y('280000') },
    });
    expect(riskLevels(0n, { ...config, liquidationRatioBp: 500 })).toEqual({
      marginCall: { ratioBp: 2000, equity: null },
      liquidation: { ratioBp: 500, equity: null },
    });
    // Rounded up: 333.33 × 20% = 66.666 sen; 66 sen is below the level, 67 is not.
    expect(riskLevels(33_333n, config).marginCall.equity).toBe(6_667n);
  });

  it('is where the engine raises the margin call', () => {
    const engine = engineWith({ a: '1000000' });
    engine.onQuote(quote(TOYOTA, { bid: '2799.5', ask: '2800' }));
    placeAt(engine, TOYOTA.code, 10, 3, 'p1');
    const levels = riskLevels(engine.account('a')!.openNotional, engine.config);
    // Equity 997,200 at 2,800; each yen of price is 1,000 yen of equity: 560,000 is reached at 2,362.8.
    expect(
      ofType(engine.onQuote(quote(TOYOTA, { bid: '2363', ask: '2363', last: '2363' })), 'MarginCall'),
    ).toEqual([]);
    expect(engine.account('a')!.equity >= levels.marginCall.equity!).toBe(true);
    const [call] = ofType(
      engine.onQuote(quote(TOYOTA, { bid: '2362.5', ask: '2362.5', last: '2362.5' })),
      'MarginCall',
    );
    expect(engine.account('a')!.equity < levels.marginCall.equity!).toBe(true);
    // What a deposit must add to reach the level: 0.3 yen of price on 1,000 shares.
    expect(call!.shortfall).toBe(levels.marginCall.equity! - engine.account('a')!.equity);
    expect(call!.shortfall).toBe(30_000n);
  });

  it('is nothing for a margin trade (above 1x, or any short) without KYC or below the credit score', () => {
    const rich = { available: y('1000000'), equity: y('1000000'), openNotional: 0n, marginCall: null };
    for (const account of [
      { ...rich, kycPassed: false, creditScore: 100 },
      { ...rich, kycPassed: true, creditScore: config.minimumCreditScoreForLeverage - 1 },
    ]) {
      expect(buyingPower(account, 'short', 1, config)).toMatchObject({
        notional: 0n,
        limitedBy: 'margin_eligibility',
      });
      expect(buyingPower(account, 'long', 2, config)).toMatchObject({
        notional: 0n,
        limitedBy: 'margin_eligibility',
      });
      expect(buyingPower(account, 'long', 1, config).limitedBy).toBe('cash');
    }
  });

  it('is, for random accounts, a notional fundsProblem accepts while one sen more is refused', () => {
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return BigInt(seed % below);
    };
    for (let i = 0; i < 500; i += 1) {
      const available = random(5_000_000) * 100n - 10_000n;
      const funds = {
        available,
        equity: available + random(3_000_000) * 100n - 150_000_000n,
        openNotional: random(4) === 0n ? 0n : random(10_000_000) * 100n,
        marginCall: null,
        ...eligible,
      };
      for (const side of ['long', 'short'] as const)
        for (const leverage of config.leverages) {
          const power = buyingPower(funds, side, leverage, config);
          if (power.notional === 0n && power.limitedBy === 'minimum_equity') continue;
          if (power.notional > 0n) expect(fundsProblem(funds, power.notional, leverage, config)).toBeNull();
          expect(fundsProblem(funds, power.notional + 1n, leverage, config)).not.toBeNull();
        }
    }
  });
});

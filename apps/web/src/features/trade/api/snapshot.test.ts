import { describe, expect, it } from 'vitest';
import type { Position, TradingAccount } from '@kabuto/contract';
import { livePnl } from '../lib/figures';
import { liveFigures } from './snapshot';

const account: TradingAccount = {
  available: '500000.00',
  held: '0.00',
  margin: '300000.00',
  debt: '0.00',
  unrealisedPnl: '-10000.00',
  equity: '790000.00',
  openNotional: '900000.00',
  maintenanceRatio: '87.77',
  marginCall: null,
  forcedClosePending: false,
  buyingPower: [{ side: 'long', leverage: 1, notional: '499400.59', margin: '499400.59', limitedBy: 'cash' }],
  levels: {
    marginCall: { ratio: '20.00', equity: '180000.00' },
    liquidation: { ratio: '10.00', equity: '90000.00' },
  },
};

const position = (side: 'long' | 'short', entryPrice: string, lots: number) =>
  ({
    id: side,
    code: '7203',
    side,
    entryPrice,
    lots,
    status: 'holding',
    markPrice: entryPrice,
    unrealisedPnl: '0.00',
  }) as unknown as Position;

describe("the Trade tab's account figures", () => {
  it('take the P&L, equity and ratio from the same rows the list shows', () => {
    const rows = [position('long', '3000.00', 2), position('short', '1500.00', 2)].map((p, index) => ({
      position: p,
      ...livePnl(p, index === 0 ? '2950.00' : '1490.00'),
    }));
    // Long: -50 × 200 shares; short: +10 × 200 shares.
    expect(rows.map((row) => row.pnl)).toEqual(['-10000.00', '2000.00']);
    const figures = liveFigures(account, rows);
    expect(figures.unrealisedPnl).toBe('-8000.00');
    expect(figures.equity).toBe('792000.00');
    expect(figures.maintenanceRatio).toBe('88.00');
    expect(figures.available).toBe(account.available);
  });

  it('floors a negative ratio as the server does', () => {
    const rows = [{ position: position('long', '3000.00', 1), price: '1.00', pnl: '-800001.00' }];
    const figures = liveFigures({ ...account, unrealisedPnl: '0.00', equity: '800000.00' }, rows);
    expect(figures.equity).toBe('-1.00');
    expect(figures.maintenanceRatio).toBe('-0.01');
  });
});

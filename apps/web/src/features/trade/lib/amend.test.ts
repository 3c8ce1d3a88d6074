import { describe, expect, it } from 'vitest';
import { decimalToSen } from '@kabuto/contract';
import { amendmentChanges, cashForAmendment, changesSomething, heldOf, isAmendable } from './amend';

function sen(text: string): bigint {
  const value = decimalToSen(text);
  if (value === null) throw new Error(`bad price ${text}`);
  return value;
}

describe('isAmendable', () => {
  it('offers 訂正 for a resting limit order only', () => {
    expect(isAmendable({ status: 'open', type: 'limit' })).toBe(true);
    // A market order waiting for the opening: cancelled and placed anew instead.
    expect(isAmendable({ status: 'open', type: 'market' })).toBe(false);
    expect(isAmendable({ status: 'filled', type: 'limit' })).toBe(false);
    expect(isAmendable({ status: 'cancelled', type: 'limit' })).toBe(false);
  });
});

describe('amendmentChanges', () => {
  const order = { price: '2790.00', lots: 2 };

  it('compares the price in sen, however it was written', () => {
    expect(amendmentChanges(order, sen('2790'), 2)).toEqual({ price: false, lots: false });
    expect(amendmentChanges(order, sen('2790.5'), 2)).toEqual({ price: true, lots: false });
  });

  it('tells a change of lots from a change of price', () => {
    expect(amendmentChanges(order, sen('2790'), 3)).toEqual({ price: false, lots: true });
    expect(amendmentChanges(order, sen('2780'), 1)).toEqual({ price: true, lots: true });
  });

  it('finds that nothing changes only when both stay', () => {
    expect(changesSomething(amendmentChanges(order, sen('2790.00'), 2))).toBe(false);
    expect(changesSomething(amendmentChanges(order, sen('2790'), 1))).toBe(true);
    expect(changesSomething(amendmentChanges(order, sen('2789.5'), 2))).toBe(true);
  });
});

describe('heldOf', () => {
  it('adds the margin and the fee a resting order holds', () => {
    expect(heldOf({ heldMargin: '279000.00', heldFee: '279.50' })).toBe('279279.50');
    expect(heldOf({ heldMargin: '0.00', heldFee: '0.00' })).toBe('0.00');
  });
});

describe('cashForAmendment', () => {
  it("adds the order's hold to the available cash, to the sen", () => {
    const order = { heldMargin: '250000.00', heldFee: '110.50' };
    expect(cashForAmendment('1000.25', order)).toBe('251110.75');
    expect(cashForAmendment('0.00', order)).toBe('250110.50');
  });

  it('is unknown before the account is read', () => {
    expect(cashForAmendment(undefined, { heldMargin: '1.00', heldFee: '0.00' })).toBeNull();
  });
});

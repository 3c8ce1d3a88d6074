import { describe, expect, it } from 'vitest';
import { ledgerQuery } from './funding';
import { pageQuery, wholeNumberField } from './fields';
import { messageListQuery } from './messages';
import { placeOrderRequest } from './trading';

const order = { code: '7203', side: 'long', type: 'market', lots: 1, leverage: 1 };
const LOOSE = [
  ' 12 ',
  '12 ',
  '1e3',
  '1e1',
  '0x10',
  '0b1',
  '0o7',
  '',
  ' ',
  'Infinity',
  '-Infinity',
  'NaN',
  '1.0',
  '1.5',
  '+3',
  '-1',
  '1_000',
  '1,000',
];

describe('wholeNumberField', () => {
  const field = wholeNumberField('VALIDATION_FAILED', 1, 100);

  it('takes JSON integers and digit strings (full-width digits read as digits)', () => {
    expect(field.parse(12)).toBe(12);
    expect(field.parse('12')).toBe(12);
    expect(field.parse('012')).toBe(12);
    expect(field.parse('１２')).toBe(12);
    expect(field.parse('100')).toBe(100);
  });

  it.each(LOOSE)('refuses %j, which Number() would read as a number or zero', (text) => {
    const result = field.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('VALIDATION_FAILED');
  });

  it.each([true, false, null, [], {}, 1.5, 0, 101, Infinity, NaN, -1])('refuses %j', (value) => {
    expect(field.safeParse(value).success).toBe(false);
  });
});

describe('number fields of the contract', () => {
  it('page and page size: strict, with their defaults', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pageQuery.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    for (const text of LOOSE) {
      expect(pageQuery.safeParse({ page: text }).success, `page ${text}`).toBe(false);
      expect(pageQuery.safeParse({ pageSize: text }).success, `pageSize ${text}`).toBe(false);
    }
    expect(pageQuery.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('message and ledger limits', () => {
    expect(messageListQuery.parse({ limit: '5' }).limit).toBe(5);
    expect(ledgerQuery.parse({ limit: '5' }).limit).toBe(5);
    for (const text of LOOSE) {
      expect(messageListQuery.safeParse({ limit: text }).success, text).toBe(false);
      expect(ledgerQuery.safeParse({ limit: text }).success, text).toBe(false);
    }
  });

  it("an order's lots and leverage, with their own refusals", () => {
    expect(placeOrderRequest.parse({ ...order, lots: '2', leverage: '3' })).toMatchObject({
      lots: 2,
      leverage: 3,
    });
    for (const lots of [...LOOSE, true, 0, 1.5])
      expect(placeOrderRequest.safeParse({ ...order, lots }).error?.issues[0]?.message, String(lots)).toBe(
        'ORDER_LOTS_INVALID',
      );
    // Above the most one order may be for: its own message, typed as a number or as text.
    for (const lots of [10_001, '10001', '１０００１'])
      expect(placeOrderRequest.safeParse({ ...order, lots }).error?.issues[0]?.message, String(lots)).toBe(
        'ORDER_LOTS_ABOVE_MAX',
      );
    expect(placeOrderRequest.safeParse({ ...order, lots: 10_000 }).success).toBe(true);
    for (const leverage of [...LOOSE, true, 0, 2.5])
      expect(
        placeOrderRequest.safeParse({ ...order, leverage }).error?.issues[0]?.message,
        String(leverage),
      ).toBe('ORDER_LEVERAGE_NOT_ALLOWED');
  });
});

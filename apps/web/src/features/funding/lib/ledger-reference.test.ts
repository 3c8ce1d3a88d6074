import { describe, expect, it } from 'vitest';
import { parseLedgerReference } from './ledger-reference';

describe('parseLedgerReference', () => {
  it('reads the bank reference of a credited transfer, colons included', () => {
    expect(parseLedgerReference('bank:STMT-0042')).toEqual({ kind: 'bank', value: 'STMT-0042' });
    expect(parseLedgerReference('bank:A:1')).toEqual({ kind: 'bank', value: 'A:1' });
  });
  it('reads withdrawals and adjustments by number', () => {
    expect(parseLedgerReference('withdrawal:12')).toEqual({ kind: 'withdrawal', value: '12' });
    expect(parseLedgerReference('adjustment:3')).toEqual({ kind: 'adjustment', value: '3' });
  });
  it('reads orders and positions by number (注文番号, 建玉番号)', () => {
    expect(parseLedgerReference('order:5')).toEqual({ kind: 'order', value: '5' });
    expect(parseLedgerReference('position:9')).toEqual({ kind: 'position', value: '9' });
  });
  it('reads the bank account a withdrawal is held for as an id to look up', () => {
    expect(parseLedgerReference('bank-account:7')).toEqual({ kind: 'bankAccount', id: '7' });
  });
  it('shows nothing it does not know, rather than an internal reference', () => {
    expect(parseLedgerReference(null)).toBeNull();
    expect(parseLedgerReference('')).toBeNull();
    expect(parseLedgerReference('order_accepted:5')).toBeNull();
    expect(parseLedgerReference('order:5x')).toBeNull();
    expect(parseLedgerReference('withdrawal:x')).toBeNull();
    expect(parseLedgerReference('no colon')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { csvFileName } from './ledger';

describe('csvFileName', () => {
  // 2026-11-24 16:30 UTC is already 11/25 01:30 in Japan.
  const lateEvening = Date.UTC(2026, 10, 24, 16, 30);

  it('names the screen and the month asked for', () => {
    expect(csvFileName({ group: 'funding', month: '2026-10' }, lateEvening)).toBe(
      'kabuto-deposits-withdrawals-2026-10.csv',
    );
    expect(csvFileName({ month: '2026-09', kind: 'deposit' }, lateEvening)).toBe(
      'kabuto-statement-2026-09.csv',
    );
  });

  it("dates a download of everything with today's date in Japan", () => {
    expect(csvFileName({}, lateEvening)).toBe('kabuto-statement-2026-11-25.csv');
    expect(csvFileName({ group: 'funding' }, lateEvening)).toBe('kabuto-deposits-withdrawals-2026-11-25.csv');
  });
});

import { describe, expect, it } from 'vitest';
import { dateWithWeekday, formatJst, jstDateOf, jstMonthRange } from './time';

describe('formatJst', () => {
  it('prints Japan time with slashes, crossing the date line at 15:00 UTC', () => {
    expect(formatJst('2026-11-22T00:05:09Z')).toBe('2026/11/22 09:05');
    expect(formatJst('2026-11-22T15:00:00Z')).toBe('2026/11/23 00:00');
    expect(formatJst('2026-12-31T14:59:59.999Z', { seconds: true })).toBe('2026/12/31 23:59:59');
    expect(formatJst('2026-12-31T15:00:00+00:00')).toBe('2027/01/01 00:00');
    expect(formatJst('2026-03-01T09:07:05+09:00', { seconds: true })).toBe('2026/03/01 09:07:05');
  });

  it('returns what it cannot read unchanged', () => {
    expect(formatJst('not a date')).toBe('not a date');
  });
});

describe('Japan-time calendar', () => {
  it('dates an instant in Japan, turning at 15:00 UTC', () => {
    expect(jstDateOf(new Date('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(jstDateOf(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });

  it('bounds a month by Japan midnights, across a year end', () => {
    const { from, until } = jstMonthRange('2026-12');
    expect(from.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(until.toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });
});

describe('dateWithWeekday', () => {
  const days = { sun: '日', mon: '月', tue: '火', wed: '水', thu: '木', fri: '金', sat: '土' };
  const texts: Record<string, string> = {
    dateWithWeekday: '{{date}}({{weekday}})',
    ...Object.fromEntries(Object.entries(days).map(([key, day]) => [`weekday.${key}`, day])),
  };
  const text = (key: string, values: Record<string, string> = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

  it('writes the date with slashes and its weekday, from either way of writing it', () => {
    expect(dateWithWeekday(text, '2026-11-27')).toBe('2026/11/27(金)');
    expect(dateWithWeekday(text, '2026/11/29')).toBe('2026/11/29(日)');
    expect(dateWithWeekday(text, '2028-02-29')).toBe('2028/02/29(火)');
    expect(dateWithWeekday(text, '2027-01-01')).toBe('2027/01/01(金)');
  });

  it('returns anything that is not a date as it came', () => {
    expect(dateWithWeekday(text, '')).toBe('');
    expect(dateWithWeekday(text, '2026-11-27T00:00:00Z')).toBe('2026-11-27T00:00:00Z');
  });
});

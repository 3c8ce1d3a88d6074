import { jstDateOf, type CalendarDate } from '@kabuto/market-rules';
import type { EpochMs } from './records';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(date: string): boolean {
  return CALENDAR_DATE.test(date);
}

export function requireCalendarDate(date: string): void {
  if (!isCalendarDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
}

/** A last valid date (期間) is a date, and not already past in Japan when the order or close is placed. */
export function acceptableValidUntil(validUntil: CalendarDate, at: EpochMs): boolean {
  return isCalendarDate(validUntil) && validUntil >= jstDateOf(at);
}

/** Past its last valid date at `at` (JST): it may no longer fill. Null: until withdrawn. */
export function pastValidUntil(validUntil: CalendarDate | null, at: EpochMs): boolean {
  return validUntil !== null && jstDateOf(at) > validUntil;
}

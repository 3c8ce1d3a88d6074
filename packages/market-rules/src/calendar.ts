import holidayJp from '@holiday-jp/holiday_jp';
import { dateOfDayNumber, dayNumberOf, weekdayOf, type CalendarDate } from './time';

// Keyed by "YYYY-MM-DD"; looked up directly because the package's isHoliday(Date) reads the machine's
// local time zone.
const NATIONAL_HOLIDAYS: Readonly<Record<string, unknown>> = holidayJp.holidays;

export type NonBusinessDayReason = 'weekend' | 'national-holiday' | 'year-end-closure';

/** Why the exchange is closed on a date (MARKET-RULES.md, Calendar and sessions), or null on a business day. */
export function nonBusinessDayReason(date: CalendarDate): NonBusinessDayReason | null {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return 'weekend';
  if (Object.hasOwn(NATIONAL_HOLIDAYS, date)) return 'national-holiday';
  if (isYearEndClosure(date)) return 'year-end-closure';
  return null;
}

function isYearEndClosure(date: CalendarDate): boolean {
  const monthDay = date.slice(5);
  return monthDay === '12-31' || monthDay === '01-01' || monthDay === '01-02' || monthDay === '01-03';
}

export function isBusinessDay(date: CalendarDate): boolean {
  return nonBusinessDayReason(date) === null;
}

/**
 * The date `count` business days after `date` (before it when negative). Zero returns `date` itself,
 * business day or not.
 */
export function addBusinessDays(date: CalendarDate, count: number): CalendarDate {
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole number of days: ${count}`);
  const step = count < 0 ? -1 : 1;
  let dayNumber = dayNumberOf(date);
  for (let remaining = Math.abs(count); remaining > 0;) {
    dayNumber += step;
    if (isBusinessDay(dateOfDayNumber(dayNumber))) remaining -= 1;
  }
  return dateOfDayNumber(dayNumber);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: CalendarDate): CalendarDate {
  return addBusinessDays(date, 1);
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: CalendarDate): CalendarDate {
  return addBusinessDays(date, -1);
}

const SETTLEMENT_BUSINESS_DAYS = 2;

/**
 * Settlement (受渡日) of a trade: T+2 business days. A trade date that is not a business day (the
 * always-open demo clock) counts from that date all the same.
 */
export function settlementDate(tradeDate: CalendarDate): CalendarDate {
  return addBusinessDays(tradeDate, SETTLEMENT_BUSINESS_DAYS);
}

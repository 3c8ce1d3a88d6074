import type { OrderValidity } from '@kabuto/contract';
import { isBusinessDay, nextBusinessDay } from './calendar';
import type { MarketClockPolicy } from './market-clock';
import { sessionPhaseAt } from './sessions';
import { dateOfDayNumber, dayNumberOf, jstDateOf, weekdayOf, type CalendarDate, type Instant } from './time';

/**
 * The business date an order placed at `instant` is for: today until the close (15:30 JST) of a business day,
 * else the next business day, as the order itself waits for the next opening. The always-open demo clock trades
 * every calendar day, so its trading date is today.
 */
export function tradingDateAt(policy: MarketClockPolicy, instant: Instant): CalendarDate {
  const today = jstDateOf(instant);
  if (policy === 'always-open') return today;
  const phase = sessionPhaseAt(instant);
  return phase === 'after-close' || phase === 'non-business-day' ? nextBusinessDay(today) : today;
}

const sundayOf = (date: CalendarDate) => dayNumberOf(date) + ((7 - weekdayOf(date)) % 7);

/** The last business day of the Monday-to-Sunday week of `date`; `date` itself if that week has none after it. */
export function lastBusinessDayOfWeek(date: CalendarDate): CalendarDate {
  const dayNumber = dayNumberOf(date);
  const sunday = sundayOf(date);
  for (let day = sunday; day > dayNumber; day -= 1) {
    const candidate = dateOfDayNumber(day);
    if (isBusinessDay(candidate)) return candidate;
  }
  return date;
}

/**
 * The last date on which an order placed at `instant` may fill: its trading date for `day`, the last trading
 * day of that date's week for `week` (never before the trading date): its last business day on the exchange's
 * clock, its Sunday on the always-open demo clock, which trades every day. It is cancelled as expired once that
 * date has passed in Japan.
 */
export function orderValidUntil(
  policy: MarketClockPolicy,
  validity: OrderValidity,
  instant: Instant,
): CalendarDate {
  const tradingDate = tradingDateAt(policy, instant);
  if (validity === 'day') return tradingDate;
  return policy === 'always-open'
    ? dateOfDayNumber(sundayOf(tradingDate))
    : lastBusinessDayOfWeek(tradingDate);
}

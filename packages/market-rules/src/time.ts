import { jstDateOf as contractJstDateOf } from '@kabuto/contract';
/** An instant: epoch milliseconds or a Date. */
export type Instant = number | Date;

/** A calendar date in Japan, "YYYY-MM-DD". */
export type CalendarDate = string;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
// Japan has no daylight saving time, so JST is a fixed offset and no time-zone database is needed.
const JST_OFFSET_MS = 9 * 60 * MS_PER_MINUTE;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function toEpochMs(instant: Instant): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return ms;
}

/** Days since 1970-01-01 of a calendar date, checked to be a real date. */
export function dayNumberOf(date: CalendarDate): number {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  if (new Date(ms).getUTCDate() !== day) throw new RangeError(`No such date: ${date}`);
  return ms / MS_PER_DAY;
}

export function dateOfDayNumber(dayNumber: number): CalendarDate {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(dayNumberOf(date) * MS_PER_DAY).getUTCDay();
}

/** The calendar date in Japan at an instant (the contract's one rule, shared with both apps). */
export function jstDateOf(instant: Instant): CalendarDate {
  return contractJstDateOf(new Date(toEpochMs(instant)));
}

/** Milliseconds since midnight in Japan at an instant. */
export function jstMsOfDay(instant: Instant): number {
  const shifted = toEpochMs(instant) + JST_OFFSET_MS;
  return shifted - Math.floor(shifted / MS_PER_DAY) * MS_PER_DAY;
}

/** The instant (epoch ms) of a wall-clock time in Japan, "HH:MM" on a calendar date. */
export function jstInstant(date: CalendarDate, time: string): number {
  return dayNumberOf(date) * MS_PER_DAY + minutesOfClockTime(time) * MS_PER_MINUTE - JST_OFFSET_MS;
}

/** Minutes since midnight of "HH:MM" (00:00 to 24:00). */
export function minutesOfClockTime(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  if (!match || Number(match[2]) > 59 || !(minutes <= 24 * 60)) {
    throw new RangeError(`Not an HH:MM time: ${time}`);
  }
  return minutes;
}

export function msOfClockTime(time: string): number {
  return minutesOfClockTime(time) * MS_PER_MINUTE;
}

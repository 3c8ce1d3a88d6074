const JST_OFFSET_MS = 9 * 3600 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as Japan time, the way Japanese brokers print it: `2026/11/22 09:05` (with `:ss` when
 * `seconds` is set), in every language. An unreadable value is returned as it came.
 * Japan time is UTC+9 all year (no daylight saving), so this is arithmetic: an Intl.DateTimeFormat with a
 * time zone costs tens of milliseconds to create on a phone, in the task that first loads this module.
 */
export function formatJst(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const jst = new Date(time + JST_OFFSET_MS);
  const clock = `${twoDigits(jst.getUTCHours())}:${twoDigits(jst.getUTCMinutes())}`;
  return (
    `${jst.getUTCFullYear()}/${twoDigits(jst.getUTCMonth() + 1)}/${twoDigits(jst.getUTCDate())} ` +
    `${clock}${seconds ? `:${twoDigits(jst.getUTCSeconds())}` : ''}`
  );
}

/** The days of the week as the translations name them (common:weekday.<key>), Sunday first as Date counts them. */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** A text of the common namespace, by key: the app's `t` with `common:` before the key, or the server's translate. */
export type CommonText = (key: string, values?: Record<string, string>) => string;

/**
 * A calendar date (YYYY-MM-DD or YYYY/MM/DD, a day in Japan) that ends something, as brokers print it, with its
 * weekday: 2026/11/27(金), "2026/11/27 (Fri)". The weekday is the date's own, whatever the device's time zone.
 * Anything else is returned as it came.
 */
export function dateWithWeekday(text: CommonText, date: string): string {
  const parts = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(date);
  if (!parts) return date;
  const [, year, month, day] = parts;
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()]!;
  return text('dateWithWeekday', { date: `${year}/${month}/${day}`, weekday: text(`weekday.${weekday}`) });
}

/** The calendar date in Japan of an instant, "YYYY-MM-DD" (Japan keeps no daylight saving time). */
export function jstDateOf(instant: Date): string {
  return new Date(instant.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Japan-time calendar month "YYYY-MM" starts, and the instant the next one starts. */
export function jstMonthRange(month: string): { from: Date; until: Date } {
  const [year = 0, monthIndex = 1] = month.split('-').map(Number);
  const from = new Date(Date.UTC(year, monthIndex - 1, 1) - JST_OFFSET_MS);
  const until = new Date(Date.UTC(year, monthIndex, 1) - JST_OFFSET_MS);
  return { from, until };
}

const JST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as Japan time, the way Japanese brokers print it: `2026/11/22 09:05` (with `:ss` when
 * `seconds` is set), in every language. An unreadable value is returned as it came.
 */
export function formatJst(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(JST.formatToParts(date).map(({ type, value }) => [type, value]));
  const time = `${part.hour}:${part.minute}${seconds ? `:${part.second}` : ''}`;
  return `${part.year}/${part.month}/${part.day} ${time}`;
}

const JST_OFFSET_MS = 9 * 3600 * 1000;

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

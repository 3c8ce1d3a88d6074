import { formatYen, jstDateOf } from '@kabuto/contract';

/** A signed change for statements: "+1,000,000.00" for income, "-10,000.00" for expenditure, "0.00" for none. */
export function signedAmount(decimal: string): string {
  const text = formatYen(decimal);
  if (text.startsWith('-')) return text;
  return /^[0.,]+$/.test(text) ? text : `+${text}`;
}

/**
 * Money moved into or out of held funds, without a sign: a hold is not income nor a release expenditure (the
 * customer's money stays theirs), so a statement names the move instead, as Japanese brokers' 拘束 / 拘束解除.
 */
export function heldMove(decimal: string): { kind: 'held' | 'released'; amount: string } {
  const text = formatYen(decimal);
  return text.startsWith('-') ? { kind: 'released', amount: text.slice(1) } : { kind: 'held', amount: text };
}

const DAY_MS = 24 * 3600 * 1000;

/** The transfer dates a deposit notice accepts: the last `days` days up to today, in Japan. */
export function transferDateRange(now: Date, days = 30): { min: string; max: string } {
  return { min: jstDateOf(new Date(now.getTime() - days * DAY_MS)), max: jstDateOf(now) };
}

/** The `count` most recent Japan-time months, newest first, as "YYYY-MM". */
export function recentMonths(now: Date, count = 12): string[] {
  const [year = 0, month = 1] = jstDateOf(now).split('-').map(Number);
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

import { dateWithWeekday, formatYen } from '@kabuto/contract';
import type { TFunction } from 'i18next';

/** Yen amount for display: "¥1,234,567.00" from the wire decimal "1234567.00" ("-¥12.00" when negative). */
export function yen(decimal: string | undefined): string {
  const text = formatYen(decimal ?? '0.00');
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** A signed figure for display: "+1,234.00", "-56.00", "0.00"; in yen too ("+¥1,234.00", "¥0.00"). */
export function withSign(formatted: string): string {
  if (formatted.startsWith('-') || /^¥?[0.,]+$/.test(formatted)) return formatted;
  return `+${formatted}`;
}

/** A calendar date that ends something (a last valid date, a deadline), with its weekday: 2026/11/27(金). */
export const dateText = (t: TFunction, date: string) =>
  dateWithWeekday((key, values) => t(`common:${key}`, values), date);

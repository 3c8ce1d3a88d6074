import { formatYen } from '@kabuto/contract';

/** Yen amount for display: "¥1,234,567.00" from the wire decimal "1234567.00" ("-¥12.00" when negative). */
export function yen(decimal: string | undefined): string {
  const text = formatYen(decimal ?? '0.00');
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** Server timestamps shown in Japan time as YYYY-MM-DD HH:mm. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const jst = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${jst.getUTCFullYear()}-${pad(jst.getUTCMonth() + 1)}-${pad(jst.getUTCDate())} ${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`;
}

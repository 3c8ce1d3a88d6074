import { formatPrice as priceText, groupThousands } from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import { compactNumber } from './compact-number';

/** A price from the wire ("2345.50") as brokers print it ("2,345.5", "2,345"); an absent one (no trade yet today) is a dash. */
export function formatPrice(decimal: string | null | undefined): string {
  return decimal ? priceText(decimal) : '—';
}

/** A change with its sign: "+12.5", "-3", "0". */
export function formatChange(decimal: string | null | undefined): string {
  const text = formatPrice(decimal);
  return text === '—' || text.startsWith('-') || /^[0.,]+$/.test(text) ? text : `+${text}`;
}

/** A percent change with its sign and two decimals: "+1.23%", "-0.50%", "0.00%". */
export function formatPercent(decimal: string | null | undefined): string {
  if (!decimal) return '—';
  const value = Number(decimal);
  const text = Math.abs(value).toFixed(2);
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${text}%`;
}

/** A large count in the language's short form: "1.2万" / "12K", "3.4億" / "340M" (grouped in every language). */
export function formatCompact(value: string | null | undefined, lang: Lang): string {
  return (value && compactNumber(value, lang)) || '—';
}

/** A whole count (shares) with the same separators as prices and yen amounts everywhere in the app ("1,234,500"). */
export function formatCount(value: string | null | undefined): string {
  if (!value) return '—';
  return groupThousands(value);
}

interface Named {
  nameJa: string;
  nameEn: string;
}

/** The instrument's name for the reader: the Japanese name in Japanese and Chinese, the English one otherwise. */
export function instrumentName(instrument: Named, lang: Lang): string {
  return lang === 'ja' || lang === 'zh-CN' ? instrument.nameJa : instrument.nameEn;
}

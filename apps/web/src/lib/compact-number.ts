import { groupThousands } from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';

/**
 * Large counts in each language's short form ("1.2万", "3.4億", "12.3K", "1,2 mil M"), by arithmetic rather
 * than Intl.NumberFormat: a page's first Intl.NumberFormat costs 40 to 50 ms of main thread on a desktop (four
 * times that on a phone) to load the number-formatting data, and this is the only number formatting the
 * market pages need. The output is what Intl.NumberFormat(lang, { notation: 'compact',
 * maximumFractionDigits: 1, useGrouping: 'always' }) prints for the same decimal (compact-number.test.ts
 * compares the two), without its cost, and the same in every browser.
 */

interface Unit {
  /** The smallest magnitude (digits before the point, less one) printed in this unit. */
  from: number;
  /** The power of ten the value is divided by. */
  exponent: number;
  suffix: string;
}

interface CompactStyle {
  group: string;
  decimal: string;
  units: Unit[];
}

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

const unit = (from: number, suffix: string, exponent = from): Unit => ({ from, exponent, suffix });

/** CLDR's short compact patterns for the app's languages (only the units CLDR defines; beyond them the top one grows). */
const STYLES: Record<Lang, CompactStyle> = {
  ja: { group: ',', decimal: '.', units: [unit(4, '万'), unit(8, '億'), unit(12, '兆'), unit(16, '京')] },
  'zh-CN': { group: ',', decimal: '.', units: [unit(4, '万'), unit(8, '亿'), unit(12, '万亿')] },
  en: { group: ',', decimal: '.', units: [unit(3, 'K'), unit(6, 'M'), unit(9, 'B'), unit(12, 'T')] },
  // Spanish keeps millions up to 9,999 M and then counts thousands of millions ("mil M").
  es: {
    group: '.',
    decimal: ',',
    units: [
      unit(3, `${NBSP}mil`),
      unit(6, `${NBSP}M`),
      unit(10, `${NBSP}mil${NBSP}M`, 9),
      unit(12, `${NBSP}B`),
    ],
  },
  fr: {
    group: NARROW_NBSP,
    decimal: ',',
    units: [unit(3, `${NBSP}k`), unit(6, `${NBSP}M`), unit(9, `${NBSP}Md`), unit(12, `${NBSP}Bn`)],
  },
};

const TEN = 10n;

/** A non-negative decimal string ("34453000", "1234567.89") as hundredths. */
function hundredthsOf(decimal: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The unit for a magnitude: the largest whose `from` it reaches, or none below the first. */
function unitFor(style: CompactStyle, magnitude: number): Unit | undefined {
  let chosen: Unit | undefined;
  for (const candidate of style.units) if (magnitude >= candidate.from) chosen = candidate;
  return chosen;
}

/** Tenths of `hundredths / 10^exponent`, rounded half away from zero (Intl's default, halfExpand). */
function roundedTenths(hundredths: bigint, exponent: number): bigint {
  // hundredths / 100 / 10^exponent * 10 = hundredths / (10 * 10^exponent)
  const divisor = TEN ** BigInt(exponent + 1);
  const quotient = hundredths / divisor;
  return (hundredths % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

const magnitudeOf = (whole: bigint) => (whole === 0n ? 0 : whole.toString().length - 1);

function print(tenths: bigint, style: CompactStyle, suffix: string): string {
  const whole = groupThousands((tenths / TEN).toString()).replaceAll(',', style.group);
  const fraction = tenths % TEN;
  return `${whole}${fraction === 0n ? '' : `${style.decimal}${fraction}`}${suffix}`;
}

/** A count or amount ("34453000", "1234567.89") in the language's short form; null for anything else. */
export function compactNumber(decimal: string, lang: Lang): string | null {
  const negative = decimal.startsWith('-');
  const hundredths = hundredthsOf(negative ? decimal.slice(1) : decimal);
  if (hundredths === null) return null;
  const style = STYLES[lang];
  let chosen = unitFor(style, magnitudeOf(hundredths / 100n));
  let tenths = roundedTenths(hundredths, chosen?.exponent ?? 0);
  // Rounding can carry into the next unit (999,999 -> "1000K"), which is then printed in that unit ("1M").
  const carried = unitFor(style, magnitudeOf((tenths / TEN) * TEN ** BigInt(chosen?.exponent ?? 0)));
  if (carried !== chosen) {
    chosen = carried;
    tenths = roundedTenths(hundredths, chosen?.exponent ?? 0);
  }
  const text = print(tenths, style, chosen?.suffix ?? '');
  return negative && tenths !== 0n ? `-${text}` : text;
}

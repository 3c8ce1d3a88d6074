/**
 * Money and prices are integers of 0.01 JPY (sen) held as bigint. On the wire they are decimal
 * strings with exactly two decimals ("12345.67"). Nothing here uses floating point.
 */
export type Sen = bigint;

export function senToDecimal(sen: Sen): string {
  const negative = sen < 0n;
  const abs = negative ? -sen : sen;
  const yen = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${yen.toString()}.${cents}`;
}

/** Whole yen at or below `sen` (a transfer's amount out of what is there). */
export const wholeYenDown = (sen: Sen): Sen => sen - (((sen % 100n) + 100n) % 100n);

/** Whole yen at or above `sen` (a deposit that is enough). */
export const wholeYenUp = (sen: Sen): Sen => -wholeYenDown(-sen);

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Digits, with commas only between groups of three ("1,000,000" or "1000000"). */
const GROUPED = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
/**
 * A sign, an optional ¥, grouped digits, decimals, an optional 円. Each run of spaces can be matched one way only
 * (the spaces after ¥ belong to the ¥), so a failed match costs linear time however many spaces it is sent.
 */
const TYPED = new RegExp(String.raw`^(-?)\s*(?:¥\s*)?${GROUPED}(\.\d+)?\s*円?$`);
/** Longer than any price or amount a person types: refused before it is read. */
const MAX_TYPED_LENGTH = 64;
const TYPED_COUNT = new RegExp(`^${GROUPED}$`);

/**
 * A price or an amount as a person types it, read as a plain decimal ("2800.5", "-1500") for decimalToSen:
 * full-width digits and signs from a Japanese keyboard, a ¥ before or a 円 after, and commas between groups of
 * three digits ("２，８００円", "¥1,000,000", "-1,500"). Null for anything else: a comma out of place ("28,00",
 * which may mean 28.00 or 2,800) or a space inside the number ("2 800") is a slip to be corrected, not a number
 * to guess at.
 */
export function typedDecimal(text: string): string | null {
  if (text.length > MAX_TYPED_LENGTH) return null;
  const match = TYPED.exec(text.normalize('NFKC').trim());
  return match ? `${match[1]}${match[2]!.replaceAll(',', '')}${match[3] ?? ''}` : null;
}

/**
 * A count as a person types it (shares: "1,000", "１０００"), as its plain digits; null for anything else, with
 * the same reading of commas as typedDecimal ("10,00" is a slip, not 1,000).
 */
export function typedCount(text: string): string | null {
  if (text.length > MAX_TYPED_LENGTH) return null;
  const match = TYPED_COUNT.exec(text.normalize('NFKC').trim());
  return match ? match[1]!.replaceAll(',', '') : null;
}

/** typedDecimal read as sen; null when it is not a number or has more than two decimals. */
export function typedSen(text: string): Sen | null {
  const plain = typedDecimal(text);
  return plain === null ? null : decimalToSen(plain);
}

/** Parses "1234", "1234.5" or "1234.56" (no more than two decimals) into sen; null when malformed. */
export function decimalToSen(text: string): Sen | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const sen = BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -sen : sen;
}

/** Digits grouped by thousands with commas, as every amount and count in the app is printed ("1,234,500"). */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Display form of amounts: thousands separators and two decimals, from the wire decimal. */
export function formatYen(decimal: string): string {
  const sen = decimalToSen(decimal);
  if (sen === null) return decimal;
  const text = senToDecimal(sen);
  const negative = text.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = groupThousands(whole);
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}

/**
 * Display form of a share price, as exchanges and brokers show it: thousands separators and only the decimals
 * it has ("2,800", "2,800.5", "312.25"); amounts of money keep both decimals (formatYen).
 */
export function formatPrice(decimal: string): string {
  const shown = formatYen(decimal);
  return shown.includes('.') ? shown.replace(/\.?0+$/, '') : shown;
}

/** A rate in basis points as the percentage it is, with two decimals: 280 -> "2.80", 5 -> "0.05". */
export function basisPointsAsPercent(bp: number): string {
  const whole = Math.abs(Math.trunc(bp));
  return `${bp < 0 ? '-' : ''}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

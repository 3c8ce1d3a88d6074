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

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

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

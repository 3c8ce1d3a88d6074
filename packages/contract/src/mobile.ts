/**
 * Japanese mobile numbers: 070, 080 or 090 followed by eight digits. Full-width digits (a Japanese
 * keyboard's ０９０), hyphens and dashes of every width, spaces, brackets and the +81 country prefix are
 * accepted and normalised to the eleven-digit domestic form.
 */
const DOMESTIC = /^0[789]0\d{8}$/;

/** Hyphen-like characters a phone number is typed with: ASCII, Unicode dashes, the minus sign, the long vowel mark. */
const SEPARATORS = /[\s\-()\u2010-\u2015\u2212\u30fc\uff70]/g;

export function normalizeMobile(input: string): string | null {
  let digits = input.normalize('NFKC').replace(SEPARATORS, '');
  if (digits.startsWith('+81')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0081')) digits = `0${digits.slice(4)}`;
  return DOMESTIC.test(digits) ? digits : null;
}

/** Characters 4 to 7 (1-based) replaced by stars, as the side menu shows it: 090****0001. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

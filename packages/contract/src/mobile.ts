/**
 * Japanese mobile numbers: 070, 080 or 090 followed by eight digits. Hyphens, spaces and the +81
 * country prefix are accepted and normalised to the eleven-digit domestic form.
 */
const DOMESTIC = /^0[789]0\d{8}$/;

export function normalizeMobile(input: string): string | null {
  let digits = input.replace(/[\s\-()]/g, '');
  if (digits.startsWith('+81')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0081')) digits = `0${digits.slice(4)}`;
  return DOMESTIC.test(digits) ? digits : null;
}

/** Characters 4 to 7 (1-based) replaced by stars, as the side menu shows it: 090****0001. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

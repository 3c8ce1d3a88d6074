import { Secret, TOTP } from 'otpauth';

/** Authenticator-app codes (RFC 6238): SHA-1, 6 digits, 30-second steps, what every app understands. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({ issuer, label, secret, digits: DIGITS, period: PERIOD_SECONDS, algorithm: 'SHA1' });

/** A fresh secret (160 bits, base32) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(issuer: string, label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, issuer, label).toString() };
}

export type TotpCheck = { ok: true; step: bigint } | { ok: false; reason: 'wrong' | 'replayed' };

/**
 * Checks a code against a secret, one step of clock drift either way. A code is accepted once: its time
 * step must be later than the last step accepted for this secret (`lastStep`), which the caller stores.
 */
export function checkTotp(secret: string, code: string, now: Date, lastStep: bigint | null): TotpCheck {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = BigInt(Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta);
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/**
 * A fresh `Idempotency-Key`: 128 random bits as hex. Made with getRandomValues, which (unlike
 * randomUUID) also works on a page served over plain http, as the app is on a LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

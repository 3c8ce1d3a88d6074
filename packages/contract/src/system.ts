import { z } from 'zod';
import { decimalMoney, mobileField, priceField } from './fields';
import { instrumentCodeField } from './market';

/**
 * The system endpoints' own schemas, apart from their domains': the app's first call (`system.appInfo`) then
 * builds no auth or trading schemas.
 */

export const devSmsQuery = z.object({ mobile: mobileField });
export const devSmsItem = z.object({
  id: z.string(),
  mobile: z.string(),
  purpose: z.string(),
  code: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevSmsItem = z.infer<typeof devSmsItem>;

/**
 * The test price path (TEST_PRICE_PATH=on, never in production): a last price for the engine, taken as bid, ask
 * and last of the instrument, as if the market had traded there.
 */
export const testQuoteRequest = z.strictObject({
  code: instrumentCodeField,
  price: priceField('ORDER_PRICE_INVALID'),
});
export const testQuoteResponse = z.object({
  code: z.string(),
  price: decimalMoney,
  /** What the engine did with it: fills, take-profits, stop-losses, margin calls, forced closes. */
  events: z.number().int(),
});

import { z } from 'zod';
import { code, decimalMoney, paged, pageQuery, priceField } from './fields';
import { instrument, instrumentCodeField } from './market';

/** Most alerts one investor may have waiting at a time. */
export const PRICE_ALERT_MAX = 20;
/** Most alerts one investor may create in a Japan-time day, deleted ones included (each costs a check per tick). */
export const PRICE_ALERT_DAILY_MAX = 50;
export const PRICE_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];

export const createPriceAlertRequest = z.strictObject({
  code: instrumentCodeField,
  /** above: tell me when the price reaches this or more; below: this or less. */
  direction: z.enum(PRICE_ALERT_DIRECTIONS, code('VALIDATION_FAILED')),
  price: priceField('PRICE_ALERT_PRICE_INVALID'),
});
export type CreatePriceAlertRequest = z.input<typeof createPriceAlertRequest>;

export const priceAlertIdParams = z.object({
  id: z
    .string(code('VALIDATION_FAILED'))
    .regex(/^[1-9]\d{0,17}$/, code('VALIDATION_FAILED'))
    .transform((value) => BigInt(value)),
});

export const priceAlert = z.object({
  id: z.string(),
  code: z.string(),
  instrument,
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  price: decimalMoney,
  createdAt: z.string(),
  /** When the market reached the price (the alert then rests, and a message was sent); null while waiting. */
  triggeredAt: z.string().nullable(),
  /** The price that reached it. */
  triggeredPrice: decimalMoney.nullable(),
});
export type PriceAlert = z.infer<typeof priceAlert>;

export const priceAlertQuery = pageQuery;

/**
 * One page of the alerts: waiting ones first (newest first), then the triggered ones of the last 30 days
 * (newest first); with the count waiting and the most that may wait.
 */
export const priceAlertList = paged(priceAlert).extend({
  waiting: z.number().int(),
  max: z.number().int(),
});
export type PriceAlertList = z.infer<typeof priceAlertList>;

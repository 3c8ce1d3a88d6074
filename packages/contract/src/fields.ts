import { z } from 'zod';
import type { ErrorCode } from './errors';
import { typedSen, type Sen } from './money';
import { normalizeMobile } from './mobile';

/** Every message a schema raises is an ErrorCode; the server and the client localise it. */
export const code = (c: ErrorCode) => ({ error: c });

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 10;
export const TEXT_MAX = 140;

export const requiredText = (missing: ErrorCode, max = TEXT_MAX) =>
  z.string(code(missing)).trim().min(1, code(missing)).max(max, code('VALIDATION_FAILED'));

export const mobileField = z
  .string(code('MOBILE_REQUIRED'))
  .trim()
  .min(1, code('MOBILE_REQUIRED'))
  .transform((value, ctx) => {
    const mobile = normalizeMobile(value);
    if (mobile === null) {
      ctx.addIssue({ code: 'custom', message: 'MOBILE_INVALID' });
      return z.NEVER;
    }
    return mobile;
  });

export const passwordField = (
  missing: ErrorCode,
  length: ErrorCode,
  min = PASSWORD_MIN,
  max = PASSWORD_MAX,
) => z.string(code(missing)).min(1, code(missing)).min(min, code(length)).max(max, code(length));

/** The device token a successful login hands out; an unknown or malformed one is simply not trusted. */
export const deviceTokenField = z.string().max(100).optional();

/** A decimal yen amount on the wire: "12345.67". */
export const decimalMoney = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * A whole number from min to max: a JSON integer, or a string of digits (a query parameter, a form field;
 * full-width digits are read as digits). Nothing else: not " 12 ", "1e3", "0x10", "1.0", "", "Infinity" or
 * true, which a coercing Number() would turn into numbers.
 */
export const wholeNumberField = (
  invalid: ErrorCode,
  min: number,
  max: number,
  aboveMax: ErrorCode = invalid,
) =>
  z
    .union(
      [
        z.number(code(invalid)).int(code(invalid)).min(min, code(invalid)).max(max, code(aboveMax)),
        z.string(code(invalid)).regex(/^[0-9\uff10-\uff19]{1,15}$/, code(invalid)),
      ],
      code(invalid),
    )
    .transform((value, ctx) => {
      const number = typeof value === 'number' ? value : Number(value.normalize('NFKC'));
      if (!Number.isSafeInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: number > max ? aboveMax : invalid });
        return z.NEVER;
      }
      return number;
    });

/** Page and page size for long lists. */
export const pageQuery = z.object({
  page: wholeNumberField('VALIDATION_FAILED', 1, 1_000_000).default(1),
  pageSize: wholeNumberField('VALIDATION_FAILED', 1, 100).default(20),
});

export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** The largest price one request may name: 10 million yen, far above any TSE share. */
const MAX_PRICE_SEN = 10_000_000n * 100n;

/**
 * A share price typed by a person ("2800", "2,800.5", "２８００円"), read as sen; null unless positive and at most
 * MAX_PRICE_SEN. Whether it is on the tick grid is the server's check.
 */
export function typedPrice(text: string): Sen | null {
  const sen = typedSen(text);
  return sen !== null && sen > 0n && sen <= MAX_PRICE_SEN ? sen : null;
}

/** A typed share price as a request field (typedPrice), refused with `invalid`. */
export const priceField = (invalid: ErrorCode) =>
  z
    .string(code(invalid))
    .trim()
    .transform((value, ctx) => {
      const sen = typedPrice(value);
      if (sen === null) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return sen;
    });

/** The answer of an endpoint that returns nothing but success. */
export const emptyResponse = z.object({});

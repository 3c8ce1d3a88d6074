import type { Sen } from '@kabuto/contract';

/**
 * A yen price in sen (0.01 JPY) as bigint, the unit of money everywhere in Kabuto. The finest TSE tick
 * is 0.1 JPY (10 sen), so every valid price is a whole number of sen.
 */
export type Price = Sen;

export const SEN_PER_YEN = 100n;

/** A whole-yen amount in sen, for writing the tables in the yen of MARKET-RULES.md. */
export function yen(amount: number): Price {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole yen amount: ${amount}`);
  return BigInt(amount) * SEN_PER_YEN;
}

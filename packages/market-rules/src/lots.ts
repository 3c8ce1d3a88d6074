/** One trading unit (売買単位) is 100 shares for every domestic stock (MARKET-RULES.md, Unit). */
export const SHARES_PER_LOT = 100;

/** Orders are placed in lots: a positive whole number. */
export function isWholeLotCount(lots: number): boolean {
  return Number.isSafeInteger(lots) && lots > 0;
}

/** A share quantity is tradable only as a positive whole number of lots. */
export function isTradableShareQuantity(shares: number): boolean {
  return Number.isSafeInteger(shares) && shares > 0 && shares % SHARES_PER_LOT === 0;
}

export function sharesForLots(lots: number): number {
  if (!isWholeLotCount(lots)) throw new RangeError(`Not a whole number of lots: ${lots}`);
  return lots * SHARES_PER_LOT;
}

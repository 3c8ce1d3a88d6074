import { decimalToSen, senToDecimal, type Order, type Sen } from '@kabuto/contract';

/**
 * Whether 訂正 is offered: a limit order still resting. A market order waiting for the opening cannot be
 * amended (the server answers ORDER_NOT_AMENDABLE); it is cancelled and placed anew instead.
 */
export function isAmendable(order: Pick<Order, 'status' | 'type'>): boolean {
  return order.status === 'open' && order.type === 'limit';
}

/** What an amendment changes of the order: its limit price, its lots, both, or neither. */
export interface AmendmentChanges {
  price: boolean;
  lots: boolean;
}

/** The changes from the order to a new price (in sen) and lots; neither is refused (ORDER_AMEND_UNCHANGED). */
export function amendmentChanges(
  order: Pick<Order, 'price' | 'lots'>,
  price: Sen,
  lots: number,
): AmendmentChanges {
  const before = order.price === null ? null : decimalToSen(order.price);
  return { price: before !== price, lots: order.lots !== lots };
}

export const changesSomething = (changes: AmendmentChanges): boolean => changes.price || changes.lots;

/** What a resting order holds (its margin and fee), as a wire decimal: released when it is cancelled or amended. */
export function heldOf(order: Pick<Order, 'heldMargin' | 'heldFee'>): string {
  return senToDecimal(heldSenOf(order));
}

const heldSenOf = (order: Pick<Order, 'heldMargin' | 'heldFee'>): Sen =>
  (decimalToSen(order.heldMargin) ?? 0n) + (decimalToSen(order.heldFee) ?? 0n);

/**
 * The cash a 訂正 may use: what is available now plus what the order holds, since amending releases that hold
 * before the amended order takes its own. Null before the account is read.
 */
export function cashForAmendment(
  available: string | undefined,
  order: Pick<Order, 'heldMargin' | 'heldFee'>,
): string | null {
  if (available === undefined) return null;
  return senToDecimal((decimalToSen(available) ?? 0n) + heldSenOf(order));
}

import { decimalToSen, WITHDRAWAL_RULES, type ResponseOf, type api } from '@kabuto/contract';

type Withdrawable = ResponseOf<typeof api.funding.withdrawable>;

/**
 * The most a withdrawal can ask for now, in sen (出金可能額, whole yen as the server works it out), or null when
 * nothing can: a margin call, positions that cannot be valued now, or less than the minimum withdrawal.
 */
export function mostWithdrawable(known: Withdrawable | undefined): bigint | null {
  if (!known || known.limitedBy === 'margin_call' || known.limitedBy === 'unavailable') return null;
  const sen = decimalToSen(known.withdrawable) ?? 0n;
  return sen >= WITHDRAWAL_RULES.minimumSen ? sen : null;
}

/**
 * The fraction of a yen the available cash holds (¥0.78 of ¥123,456.78), which a withdrawal, in whole yen, leaves
 * in the account; null when there is none.
 */
export function senLeftBehind(known: Withdrawable): bigint | null {
  const sen = (decimalToSen(known.available) ?? 0n) % 100n;
  return sen > 0n ? sen : null;
}

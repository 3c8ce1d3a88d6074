import { WITHDRAWAL_RULES } from '@kabuto/contract';
import { isBusinessDay } from './calendar';
import { jstDateOf, jstMsOfDay, msOfClockTime, type Instant } from './time';

/** Withdrawals are accepted on business days from 9:00 up to (not including) 15:30 JST (the contract's rules). */
export const WITHDRAWAL_WINDOW = {
  from: WITHDRAWAL_RULES.openFrom,
  until: WITHDRAWAL_RULES.openUntil,
} as const;

export function withinWithdrawalWindow(instant: Instant): boolean {
  if (!isBusinessDay(jstDateOf(instant))) return false;
  const msOfDay = jstMsOfDay(instant);
  return msOfDay >= msOfClockTime(WITHDRAWAL_WINDOW.from) && msOfDay < msOfClockTime(WITHDRAWAL_WINDOW.until);
}

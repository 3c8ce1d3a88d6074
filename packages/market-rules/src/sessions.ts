import { isBusinessDay, nextBusinessDay } from './calendar';
import { jstDateOf, jstInstant, jstMsOfDay, msOfClockTime, toEpochMs, type Instant } from './time';

/**
 * Where the TSE trading day stands at an instant (MARKET-RULES.md, Calendar and sessions). Each phase
 * starts at its minute and ends just before the next one starts.
 */
export type SessionPhase =
  | 'pre-open' // a business day before 9:00: orders wait for the opening
  | 'morning' // 9:00-11:30, continuous trading
  | 'lunch-break' // 11:30-12:30: orders wait for the afternoon opening
  | 'afternoon' // 12:30-15:25, continuous trading
  | 'closing-auction' // 15:25-15:30: orders accepted, nothing executes until the closing price at 15:30
  | 'after-close' // a business day from 15:30: orders wait for the next opening
  | 'non-business-day';

/** The day's phases in JST wall-clock time, in order. */
export const TSE_SESSION_SCHEDULE: readonly { readonly phase: SessionPhase; readonly from: string }[] = [
  { phase: 'pre-open', from: '00:00' },
  { phase: 'morning', from: '09:00' },
  { phase: 'lunch-break', from: '11:30' },
  { phase: 'afternoon', from: '12:30' },
  { phase: 'closing-auction', from: '15:25' },
  { phase: 'after-close', from: '15:30' },
];

/** The times at which a session opens for continuous trading. */
const SESSION_OPENINGS = ['09:00', '12:30'] as const;

export function sessionPhaseAt(instant: Instant): SessionPhase {
  if (!isBusinessDay(jstDateOf(instant))) return 'non-business-day';
  const msOfDay = jstMsOfDay(instant);
  let current: SessionPhase = 'pre-open';
  for (const { phase, from } of TSE_SESSION_SCHEDULE) {
    if (msOfDay >= msOfClockTime(from)) current = phase;
  }
  return current;
}

/** Continuous trading (the morning or afternoon session before the closing auction): orders can fill. */
export function isContinuousTradingPhase(phase: SessionPhase): boolean {
  return phase === 'morning' || phase === 'afternoon';
}

/** The next session opening (9:00 or 12:30 JST on a business day) strictly after the instant, in epoch ms. */
export function nextSessionOpen(instant: Instant): number {
  const ms = toEpochMs(instant);
  const today = jstDateOf(ms);
  if (isBusinessDay(today)) {
    for (const time of SESSION_OPENINGS) {
      const opening = jstInstant(today, time);
      if (opening > ms) return opening;
    }
  }
  return jstInstant(nextBusinessDay(today), SESSION_OPENINGS[0]);
}

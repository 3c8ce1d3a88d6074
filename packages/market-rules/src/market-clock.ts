import { isContinuousTradingPhase, nextSessionOpen, sessionPhaseAt, type SessionPhase } from './sessions';
import type { Instant } from './time';
import { withinWithdrawalWindow } from './withdrawals';

/**
 * `MARKET_CLOCK`: 'exchange' follows the TSE calendar and sessions (the default); 'always-open' is the
 * demo mode, in which trading and withdrawals are open at every instant.
 */
export const MARKET_CLOCK_POLICIES = ['exchange', 'always-open'] as const;
export type MarketClockPolicy = (typeof MARKET_CLOCK_POLICIES)[number];

export function isMarketClockPolicy(value: string): value is MarketClockPolicy {
  return (MARKET_CLOCK_POLICIES as readonly string[]).includes(value);
}

export type MarketPhase = SessionPhase | 'always-open';

export interface MarketClock {
  readonly policy: MarketClockPolicy;
  phaseAt(instant: Instant): MarketPhase;
  /** Orders can fill continuously. */
  isTradingOpen(instant: Instant): boolean;
  isWithdrawalOpen(instant: Instant): boolean;
  /** The next session opening strictly after the instant (epoch ms); null when the market never closes. */
  nextOpen(instant: Instant): number | null;
}

const EXCHANGE_CLOCK: MarketClock = {
  policy: 'exchange',
  phaseAt: sessionPhaseAt,
  isTradingOpen: (instant) => isContinuousTradingPhase(sessionPhaseAt(instant)),
  isWithdrawalOpen: withinWithdrawalWindow,
  nextOpen: nextSessionOpen,
};

const ALWAYS_OPEN_CLOCK: MarketClock = {
  policy: 'always-open',
  phaseAt: () => 'always-open',
  isTradingOpen: () => true,
  isWithdrawalOpen: () => true,
  nextOpen: () => null,
};

export function marketClock(policy: MarketClockPolicy): MarketClock {
  return policy === 'exchange' ? EXCHANGE_CLOCK : ALWAYS_OPEN_CLOCK;
}

export type { Instant, CalendarDate } from './time';
export { jstDateOf, jstInstant } from './time';
export type { NonBusinessDayReason } from './calendar';
export {
  nonBusinessDayReason,
  isBusinessDay,
  addBusinessDays,
  nextBusinessDay,
  previousBusinessDay,
  settlementDate,
} from './calendar';
export type { SessionPhase } from './sessions';
export { TSE_SESSION_SCHEDULE, sessionPhaseAt, isContinuousTradingPhase, nextSessionOpen } from './sessions';
export type { Price } from './prices';
export { SEN_PER_YEN, yen } from './prices';
export type { TickTable, RoundingDirection } from './ticks';
export { tickTableFor, tickSize, lowestPrice, isOnTick, roundToTick, ticksAway } from './ticks';
export { dailyPriceLimit, limitUp, limitDown, isWithinDailyLimits } from './price-limits';
export { SHARES_PER_LOT, isWholeLotCount, isTradableShareQuantity, sharesForLots } from './lots';
export type { MarginRules } from './margin';
export {
  DEFAULT_MARGIN_RULES,
  meetsInitialMargin,
  meetsMinimumEquity,
  isMarginCallRequired,
  marginCallDeadline,
} from './margin';
export { WITHDRAWAL_WINDOW, withinWithdrawalWindow } from './withdrawals';
export type { MarketClockPolicy, MarketPhase, MarketClock } from './market-clock';
export { MARKET_CLOCK_POLICIES, isMarketClockPolicy, marketClock } from './market-clock';
export { tradingDateAt, lastBusinessDayOfWeek, orderValidUntil } from './order-validity';

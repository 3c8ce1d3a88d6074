/**
 * Where prices come from. The embedded default is the deterministic simulator (simulator.ts); a vendor feed
 * implements the same interface, and nothing else in the server needs to change: quotes and the board are read
 * from it, and bars are built from the trades `step` reports.
 */
export interface MarketFeed {
  /** True for generated data: every answer of the market API carries it, and the app labels it. */
  readonly simulated: boolean;
  /**
   * Brings the feed up to `now` (the scheduler calls this about every second with the app clock) and returns
   * the trades since the previous call, oldest first. A vendor feed returns what it received meanwhile.
   */
  step(now: Date): Trade[];
  quote(code: string): FeedQuote | undefined;
  /** The best `depth` price levels each side; empty sides at stop high (no sellers) or stop low (no buyers). */
  board(code: string, depth: number): FeedBoard | undefined;
  /**
   * The house halts or resumes an instrument (the back office, stored in `instruments.halted`): from now on its
   * quote says `halted` and it does not trade. A vendor feed reports halted when the exchange or the house halts.
   */
  setHalted(code: string, halted: boolean): void;
}

export interface Trade {
  code: string;
  /** Epoch ms. */
  at: number;
  /** sen, on the tick grid and within the day's limits. */
  price: bigint;
  shares: bigint;
}

export interface FeedQuote {
  code: string;
  last: bigint;
  previousClose: bigint;
  open: bigint | null;
  high: bigint | null;
  low: bigint | null;
  /** Shares traded in the trading day. */
  volume: bigint;
  /** sen */
  turnover: bigint;
  limitUp: bigint;
  limitDown: bigint;
  /** JST date of the figures; null before the first trade the feed has seen. */
  tradingDay: string | null;
  /** Epoch ms of the last trade. */
  updatedAt: number | null;
  halted: boolean;
}

export interface BoardLevel {
  price: bigint;
  lots: number;
}

export interface FeedBoard {
  asks: BoardLevel[];
  bids: BoardLevel[];
}

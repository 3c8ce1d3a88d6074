import type { Selectable } from 'kysely';
import type { Timestamp } from '../../platform/db/columns';

export interface InstrumentsTable {
  code: string;
  name_ja: string;
  name_en: string;
  name_kana: string | null;
  sector: string;
  topix500: boolean;
  halted: boolean;
  /** The house's limits on new orders; null: the global configuration. */
  max_leverage: number | null;
  max_lots_per_order: number | null;
  max_open_lots: number | null;
  shortable: boolean;
  /** sen */
  base_price: bigint;
  search_text: string;
}

/** The stored intervals; the others are aggregated from these on read (bars.ts). */
export type StoredInterval = '1m' | '1d';

export interface BarsTable {
  code: string;
  interval: StoredInterval;
  start: Timestamp;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
}

export interface WatchlistTable {
  user_id: bigint;
  code: string;
  created_at: Timestamp;
}

export interface SearchHistoryTable {
  user_id: bigint;
  code: string;
  searched_at: Timestamp;
}

export interface MarketTables {
  instruments: InstrumentsTable;
  bars: BarsTable;
  watchlist: WatchlistTable;
  search_history: SearchHistoryTable;
}

export type InstrumentRow = Selectable<InstrumentsTable>;

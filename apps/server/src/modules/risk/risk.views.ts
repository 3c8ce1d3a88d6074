import { senToDecimal } from '@kabuto/contract';
import type { EngineConfig } from '@kabuto/engine';
import type { FeedQuote, InstrumentRow } from '../market';
import type { exposure } from './risk.service';

const money = (value: bigint | null) => (value === null ? null : senToDecimal(value));
const iso = (value: Date | null) => value?.toISOString() ?? null;

export const staffInstrumentView = (
  row: InstrumentRow,
  quote: FeedQuote | undefined,
  mark: bigint | null,
) => ({
  code: row.code,
  nameJa: row.name_ja,
  nameEn: row.name_en,
  nameKana: row.name_kana,
  sector: row.sector,
  topix500: row.topix500,
  halted: row.halted,
  maxLeverage: row.max_leverage,
  shortable: row.shortable,
  maxLotsPerOrder: row.max_lots_per_order,
  maxOpenLots: row.max_open_lots,
  last: money(mark ?? quote?.last ?? null),
  limitUp: money(quote?.limitUp ?? null),
  limitDown: money(quote?.limitDown ?? null),
});

type Exposure = Awaited<ReturnType<typeof exposure>>;

export const exposureView = (report: Exposure) => ({
  items: report.items.map((line) => ({
    ...line,
    last: money(line.last),
    longShares: Number(line.longShares),
    shortShares: Number(line.shortShares),
    netShares: Number(line.netShares),
    longNotional: money(line.longNotional),
    shortNotional: money(line.shortNotional),
    netNotional: money(line.netNotional),
    clientUnrealisedPnl: money(line.clientUnrealisedPnl),
  })),
  totals: {
    ...report.totals,
    longNotional: senToDecimal(report.totals.longNotional),
    shortNotional: senToDecimal(report.totals.shortNotional),
    netNotional: senToDecimal(report.totals.netNotional),
    clientUnrealisedPnl: senToDecimal(report.totals.clientUnrealisedPnl),
    clientRealisedPnl: senToDecimal(report.totals.clientRealisedPnl),
  },
});

export const forcedCloseView = (row: {
  id: bigint;
  user_id: bigint;
  position_id: bigint;
  code: string;
  side: 'long' | 'short';
  lots: number;
  reason: 'liquidation_level' | 'margin_call_deadline';
  equity: bigint;
  open_notional: bigint;
  ratio_bp: number | null;
  pending: boolean;
  position_status: string;
  exit_price: bigint | null;
  realised_pnl: bigint | null;
  closed_at: Date | null;
  created_at: Date;
}) => ({
  id: row.id.toString(),
  userId: row.user_id.toString(),
  positionId: row.position_id.toString(),
  code: row.code,
  side: row.side,
  lots: row.lots,
  reason: row.reason,
  equity: senToDecimal(row.equity),
  openNotional: senToDecimal(row.open_notional),
  ratioBp: row.ratio_bp,
  // Decided to wait for the next auction, and not executed yet: once the position is closed it waits no more.
  pending: row.pending && row.position_status !== 'closed',
  exitPrice: money(row.exit_price),
  realisedPnl: money(row.realised_pnl),
  createdAt: row.created_at.toISOString(),
  executedAt: row.closed_at?.toISOString() ?? null,
});

export const marginCallView = (row: {
  id: bigint;
  user_id: bigint;
  raised_on: string;
  deadline: string;
  equity: bigint;
  open_notional: bigint;
  ratio_bp: number | null;
  created_at: Date;
  cleared_at: Date | null;
  cleared_by: 'recovered' | 'forced_close' | null;
}) => ({
  id: row.id.toString(),
  userId: row.user_id.toString(),
  raisedOn: row.raised_on,
  deadline: row.deadline,
  equity: senToDecimal(row.equity),
  openNotional: senToDecimal(row.open_notional),
  ratioBp: row.ratio_bp,
  createdAt: row.created_at.toISOString(),
  clearedAt: iso(row.cleared_at),
  clearedBy: row.cleared_by,
});

export const tradingConfigView = (config: EngineConfig) => ({
  leverages: [...config.leverages],
  feeRateBp: config.fee.rateBp,
  feeMinimum: senToDecimal(config.fee.minimum),
  feeMaximum: money(config.fee.maximum),
  longInterestBpPerYear: config.longInterestBpPerYear,
  shortBorrowFeeBpPerYear: config.shortBorrowFeeBpPerYear,
  daysPerYear: config.daysPerYear,
  initialMarginBp: config.margin.initialMarginRatioBp,
  maintenanceBp: config.margin.maintenanceRatioBp,
  liquidationBp: config.liquidationRatioBp,
  minimumEquityForLeverage: senToDecimal(config.margin.minimumEquity),
  minimumCreditScoreForLeverage: config.minimumCreditScoreForLeverage,
  maxLotsPerOrder: config.maxLotsPerOrder,
});

import {
  senToDecimal,
  type ClosePreviewView,
  type Order,
  type Position,
  type TradingAccount,
  type WithdrawnClose,
} from '@kabuto/contract';
import {
  buyingPower,
  riskLevels,
  type AccountView,
  type ClosePreview,
  type EngineConfig,
  type OrderPreview,
} from '@kabuto/engine';
import { SHARES_PER_LOT } from '@kabuto/market-rules';
import type { OrderRow, PositionRow, WithdrawnCloseRow } from './trading.table';

const money = (value: bigint | null) => (value === null ? null : senToDecimal(value));

export const orderView = (row: OrderRow): Order => ({
  id: row.id.toString(),
  code: row.code,
  side: row.side,
  type: row.type,
  price: money(row.limit_price),
  lots: row.lots,
  leverage: row.leverage,
  takeProfit: money(row.take_profit),
  stopLoss: money(row.stop_loss),
  heldMargin: senToDecimal(row.status === 'open' ? row.held_margin : 0n),
  heldFee: senToDecimal(row.status === 'open' ? row.held_fee : 0n),
  status: row.status,
  cancelReason: row.cancel_reason,
  fillPrice: money(row.fill_price),
  validity: row.validity,
  validUntil: row.valid_until,
  amendsOrderId: row.amends_order_id?.toString() ?? null,
  amendedByOrderId: row.amended_by_order_id?.toString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const withdrawnCloseView = (row: WithdrawnCloseRow): WithdrawnClose => ({
  id: row.id.toString(),
  positionId: row.position_id.toString(),
  price: row.limit_price === null ? null : senToDecimal(row.limit_price),
  validity: row.validity,
  validUntil: row.valid_until,
  requestedAt: row.requested_at.toISOString(),
  withdrawnAt: row.withdrawn_at.toISOString(),
  reason: row.reason,
  lots: row.lots,
});

/** A closed position's realised P&L less everything it cost: both fees and the interest or borrow fee. */
export const netPnlOf = (row: PositionRow): bigint | null =>
  row.status === 'closed' && row.realised_pnl !== null
    ? row.realised_pnl - row.open_fee - (row.close_fee ?? 0n) - row.interest
    : null;

/** A position; an open one with its P&L at `mark` (before the closing fee). */
export function positionView(row: PositionRow, mark: bigint | null): Position {
  const open = row.status !== 'closed';
  const shares = BigInt(row.lots) * BigInt(SHARES_PER_LOT);
  const pnl =
    open && mark !== null ? (mark - row.entry_price) * shares * (row.side === 'long' ? 1n : -1n) : null;
  return {
    id: row.id.toString(),
    code: row.code,
    side: row.side,
    lots: row.lots,
    leverage: row.leverage,
    entryPrice: senToDecimal(row.entry_price),
    margin: senToDecimal(row.margin),
    openFee: senToDecimal(row.open_fee),
    interest: senToDecimal(row.interest),
    takeProfit: money(row.take_profit),
    stopLoss: money(row.stop_loss),
    status: row.status,
    closeLimit: money(row.close_limit),
    closeValidity: row.status === 'limit-closing' ? row.close_validity : null,
    closeValidUntil: row.status === 'limit-closing' ? row.close_valid_until : null,
    pendingClose: row.status === 'closing' ? row.close_pending_reason : null,
    closeRequestedAt: open ? (row.close_requested_at?.toISOString() ?? null) : null,
    closeLots:
      row.status === 'closing' || row.status === 'limit-closing' ? (row.close_lots ?? row.lots) : null,
    partOf: row.part_of?.toString() ?? null,
    markPrice: open ? money(mark) : null,
    unrealisedPnl: money(pnl),
    exitPrice: money(row.exit_price),
    realisedPnl: money(row.realised_pnl),
    closeFee: money(row.close_fee),
    netPnl: money(netPnlOf(row)),
    closeReason: row.close_reason,
    openedAt: row.opened_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/** An order's or a limit close's 期間 and the last business date it gives. */
export interface Validity {
  validity: 'day' | 'week';
  validUntil: string;
}

export const previewView = (preview: Extract<OrderPreview, { ok: true }>, validity: Validity) => ({
  ...validity,
  price: senToDecimal(preview.price),
  fillsNow: preview.fillsNow,
  notional: senToDecimal(preview.notional),
  margin: senToDecimal(preview.margin),
  fee: senToDecimal(preview.fee),
  total: senToDecimal(preview.margin + preview.fee),
  estimatedLiquidationPrice: money(preview.estimatedLiquidationPrice),
  liquidationOnRise: preview.liquidationOnRise,
  dailyCharge: preview.dailyCharge && {
    kind: preview.dailyCharge.kind,
    rateBpPerYear: preview.dailyCharge.rateBpPerYear,
    perDay: senToDecimal(preview.dailyCharge.perDay),
  },
});

export const closePreviewView = ({
  preview,
  validity,
}: {
  preview: Extract<ClosePreview, { ok: true }>;
  validity: Validity;
}): ClosePreviewView => ({
  ...validity,
  price: senToDecimal(preview.price),
  fillsNow: preview.fillsNow,
  notional: senToDecimal(preview.notional),
  realisedPnl: senToDecimal(preview.realisedPnl),
  fee: senToDecimal(preview.fee),
  openFee: senToDecimal(preview.openFee),
  interest: senToDecimal(preview.interest),
  netPnl: senToDecimal(preview.netPnl),
});

const percent = (ratioBp: number) => (ratioBp / 100).toFixed(2);

/** The account as the Trade tab shows it; buying power and the ratio's levels by the engine's own rules. */
export function accountView(
  view: AccountView,
  config: Pick<
    EngineConfig,
    'leverages' | 'fee' | 'margin' | 'liquidationRatioBp' | 'minimumCreditScoreForLeverage'
  >,
): TradingAccount {
  const levels = riskLevels(view.openNotional, config);
  const level = ({ ratioBp, equity }: (typeof levels)['marginCall']) => ({
    ratio: percent(ratioBp),
    equity: money(equity),
  });
  return {
    ...accountFigures(view),
    buyingPower: SIDES.flatMap((side) =>
      config.leverages.map((leverage) => {
        const power = buyingPower(view, side, leverage, config);
        return {
          side,
          leverage,
          notional: senToDecimal(power.notional),
          margin: senToDecimal(power.margin),
          limitedBy: power.limitedBy,
        };
      }),
    ),
    levels: { marginCall: level(levels.marginCall), liquidation: level(levels.liquidation) },
  };
}

const SIDES = ['long', 'short'] as const;

const accountFigures = (view: AccountView) => ({
  available: senToDecimal(view.available),
  held: senToDecimal(view.held),
  margin: senToDecimal(view.margin),
  debt: senToDecimal(view.debt),
  unrealisedPnl: senToDecimal(view.unrealisedPnl),
  equity: senToDecimal(view.equity),
  openNotional: senToDecimal(view.openNotional),
  maintenanceRatio: view.ratioBp === null ? null : percent(view.ratioBp),
  marginCall: view.marginCall,
  forcedClosePending: view.forcedClosePending,
});

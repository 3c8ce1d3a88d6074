import { z } from 'zod';
import { code, decimalMoney, pageQuery, priceField, wholeNumberField } from './fields';
import { instrumentCodeField } from './market';

export const ORDER_SIDES = ['long', 'short'] as const;
export const ORDER_TYPES = ['market', 'limit'] as const;
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
/**
 * 期間: `day` (当日中) lives until the close of the order's trading date, `week` (今週中) until the close of the
 * last business day of that date's week (JST). A market order is always `day`.
 */
export const ORDER_VALIDITIES = ['day', 'week'] as const;
export type OrderValidity = (typeof ORDER_VALIDITIES)[number];
/**
 * expired: its 期間 passed before it filled (the daily run, or a fill attempted after its last date); amended:
 * replaced by a new order at another price or lots (訂正), which names it in `amendsOrderId`.
 */
export const ORDER_CANCEL_REASONS = [
  'user',
  'insufficient_funds',
  'forced_close',
  'expired',
  'amended',
] as const;
export const POSITION_STATUSES = ['holding', 'closing', 'limit-closing', 'closed'] as const;
export const CLOSE_REASONS = ['user', 'take_profit', 'stop_loss', 'forced'] as const;
/**
 * Why a resting limit close (返済指値) went without filling: user: the investor's 取消; expired: its 期間 passed;
 * replaced: the investor placed another close; take_profit, stop_loss, forced: the position closed another way.
 */
export const WITHDRAWN_CLOSE_REASONS = [
  'user',
  'expired',
  'replaced',
  'take_profit',
  'stop_loss',
  'forced',
] as const;
export type WithdrawnCloseReason = (typeof WITHDRAWN_CLOSE_REASONS)[number];

/** The most lots one order may be for (1,000,000 shares); an instrument may allow fewer (its limits). */
export const MAX_ORDER_LOTS = 10_000;
const lotsField = wholeNumberField('ORDER_LOTS_INVALID', 1, MAX_ORDER_LOTS, 'ORDER_LOTS_ABOVE_MAX');

export const placeOrderRequest = z.strictObject({
  code: instrumentCodeField,
  side: z.enum(ORDER_SIDES, code('VALIDATION_FAILED')),
  type: z.enum(ORDER_TYPES, code('VALIDATION_FAILED')),
  lots: lotsField,
  // The engine checks it is on offer; here only that it is a whole number.
  leverage: wholeNumberField('ORDER_LEVERAGE_NOT_ALLOWED', 1, 1_000),
  /** The limit price; only for limit orders. */
  price: priceField('ORDER_PRICE_INVALID').optional(),
  takeProfit: priceField('ORDER_TAKE_PROFIT_INVALID').nullable().optional(),
  stopLoss: priceField('ORDER_STOP_LOSS_INVALID').nullable().optional(),
  /** 期間; `day` when absent. `week` is refused for a market order (ORDER_VALIDITY_INVALID). */
  validity: z.enum(ORDER_VALIDITIES, code('ORDER_VALIDITY_INVALID')).optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

/**
 * Where the next page of a newest-first list starts: the id of the previous page's last item. Orders and
 * positions leave the open lists and arrive at their top while the investor scrolls, so pages cut by offset
 * would repeat or skip one; after an id, none is.
 */
const afterId = z
  .string(code('LIST_CURSOR_INVALID'))
  .regex(/^[1-9]\d{0,17}$/, code('LIST_CURSOR_INVALID'))
  .optional();

export const orderQuery = z.object({
  /** open: resting orders; history: filled and cancelled ones; all by default. */
  status: z.enum(['open', 'history', 'all'], code('VALIDATION_FAILED')).default('all'),
  /** The nextCursor of the previous page; absent for the newest page. */
  cursor: afterId,
  pageSize: pageQuery.shape.pageSize,
});

export const positionQuery = z.object({
  status: z.enum(['open', 'closed', 'all'], code('VALIDATION_FAILED')).default('all'),
  cursor: afterId,
  pageSize: pageQuery.shape.pageSize,
});

export const tradingIdParams = z.object({
  id: z
    .string(code('VALIDATION_FAILED'))
    .regex(/^[1-9]\d{0,17}$/, code('VALIDATION_FAILED'))
    .transform((value) => BigInt(value)),
});

/** 訂正 of a resting limit order: its new limit price and lots (the rest of the order is kept). */
export const amendOrderRequest = z.strictObject({
  price: priceField('ORDER_PRICE_INVALID'),
  lots: lotsField,
});
export type AmendOrderRequest = z.input<typeof amendOrderRequest>;

export const closePositionRequest = z.strictObject({
  type: z.enum(ORDER_TYPES, code('VALIDATION_FAILED')),
  price: priceField('ORDER_PRICE_INVALID').optional(),
  /**
   * 期間 of a limit close (返済指値), as for an order to open: `day` when absent; `week` is refused for a market
   * close (ORDER_VALIDITY_INVALID). Past its last date the close is withdrawn and the position held again.
   */
  validity: z.enum(ORDER_VALIDITIES, code('ORDER_VALIDITY_INVALID')).optional(),
  /**
   * 返済数量: how many of the position's lots to close; all of them when absent. Fewer than all (一部返済) closes
   * those lots as a position of their own (`partOf` names the one they came from) when the close fills; until
   * then the whole position shows the close (`closeLots`). More than the position holds: CLOSE_LOTS_ABOVE_POSITION.
   */
  lots: lotsField.optional(),
});

export const takeProfitStopLossRequest = z.strictObject({
  /** null (or absent) clears it. */
  takeProfit: priceField('ORDER_TAKE_PROFIT_INVALID').nullable().optional(),
  stopLoss: priceField('ORDER_STOP_LOSS_INVALID').nullable().optional(),
});

export const order = z.object({
  id: z.string(),
  code: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** The limit price; null for a market order. */
  price: decimalMoney.nullable(),
  lots: z.number().int(),
  leverage: z.number().int(),
  takeProfit: decimalMoney.nullable(),
  stopLoss: decimalMoney.nullable(),
  /** Margin and fee held in cash_held while the order rests. */
  heldMargin: decimalMoney,
  heldFee: decimalMoney,
  status: z.enum(ORDER_STATUSES),
  cancelReason: z.enum(ORDER_CANCEL_REASONS).nullable(),
  fillPrice: decimalMoney.nullable(),
  validity: z.enum(ORDER_VALIDITIES),
  /** The last business date (JST, YYYY-MM-DD) on which it may fill; cancelled as expired after it. */
  validUntil: z.string(),
  /** The order this one replaced by 訂正 (cancelled with reason `amended`); null for an order placed anew. */
  amendsOrderId: z.string().nullable(),
  /** The order that replaced this one by 訂正 (this one cancelled with reason `amended`); null otherwise. */
  amendedByOrderId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof order>;

export const position = z.object({
  /** The id of the order that opened it. */
  id: z.string(),
  code: z.string(),
  side: z.enum(ORDER_SIDES),
  lots: z.number().int(),
  leverage: z.number().int(),
  entryPrice: decimalMoney,
  margin: decimalMoney,
  openFee: decimalMoney,
  /** Interest (long) or borrow fee (short) charged so far. */
  interest: decimalMoney,
  takeProfit: decimalMoney.nullable(),
  stopLoss: decimalMoney.nullable(),
  status: z.enum(POSITION_STATUSES),
  /** The resting close price while limit-closing. */
  closeLimit: decimalMoney.nullable(),
  /** While limit-closing: the close's 期間 and the last business date (JST, YYYY-MM-DD) on which it may fill. */
  closeValidity: z.enum(ORDER_VALIDITIES).nullable(),
  closeValidUntil: z.string().nullable(),
  /** While closing: whose market close waits for the next auction, the client's or a forced close. */
  pendingClose: z.enum(['user', 'forced']).nullable(),
  /** While closing or limit-closing: when the close it waits on was placed (the client's or a forced one). */
  closeRequestedAt: z.string().nullable(),
  /** While closing or limit-closing: how many lots the close covers (fewer than `lots` for 一部返済); null otherwise. */
  closeLots: z.number().int().nullable(),
  /**
   * For lots closed by 一部返済: the position they were taken from (its 建玉番号), which holds the rest; null for a
   * position opened by an order.
   */
  partOf: z.string().nullable(),
  /** The latest price the server has (open positions), and the P&L at it before the closing fee. */
  markPrice: decimalMoney.nullable(),
  unrealisedPnl: decimalMoney.nullable(),
  exitPrice: decimalMoney.nullable(),
  /** The price difference at the close (exit - entry, × shares, the sign of the side), before any cost. */
  realisedPnl: decimalMoney.nullable(),
  closeFee: decimalMoney.nullable(),
  /**
   * 実現損益 as the investor keeps it: realisedPnl less the opening and closing fees and the interest or borrow fee
   * (closed positions; null while open).
   */
  netPnl: decimalMoney.nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Position = z.infer<typeof position>;

/** `nextCursor`: pass as `cursor` for the next (older) page; null on the last page. */
export const orderPage = z.object({ items: z.array(order), nextCursor: z.string().nullable() });
export const positionPage = z.object({ items: z.array(position), nextCursor: z.string().nullable() });

/** A resting limit close (返済指値) that went without filling. */
export const withdrawnClose = z.object({
  id: z.string(),
  positionId: z.string(),
  /**
   * The limit; null, with `validity` and `validUntil`, for a market close that waited for the auction (成行, which
   * only a forced close of the whole position withdraws).
   */
  price: decimalMoney.nullable(),
  validity: z.enum(ORDER_VALIDITIES).nullable(),
  /** The last business date (JST, YYYY-MM-DD) on which it could have filled. */
  validUntil: z.string().nullable(),
  requestedAt: z.string(),
  withdrawnAt: z.string(),
  reason: z.enum(WITHDRAWN_CLOSE_REASONS),
  /** The lots the close covered: fewer than its position's for 一部返済. */
  lots: z.number().int(),
});
export type WithdrawnClose = z.infer<typeof withdrawnClose>;

/**
 * One line of 注文履歴: an order to open (新規) once filled or cancelled, at the time it was placed; a close
 * (返済: by the investor, take-profit, stop-loss or forced) at the time it filled, with its closed position; or a
 * close withdrawn without filling (mostly a limit close), at the time it was placed, with its position as it is now.
 */
export const tradeHistoryItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), at: z.string(), order }),
  z.object({ kind: z.literal('close'), at: z.string(), position }),
  z.object({ kind: z.literal('withdrawn-close'), at: z.string(), close: withdrawnClose, position }),
]);
export type TradeHistoryItem = z.infer<typeof tradeHistoryItem>;
/**
 * 注文履歴 is read with a cursor rather than page numbers: a line joins the list when its order finishes, at the
 * time it was placed, so pages cut by offset would repeat or skip a line while the investor scrolls.
 */
export const tradeHistoryQuery = z.object({
  /** The nextCursor of the previous page; absent for the newest page. */
  cursor: z
    .string(code('LIST_CURSOR_INVALID'))
    .regex(/^[A-Za-z0-9_-]{1,200}$/, code('LIST_CURSOR_INVALID'))
    .optional(),
  pageSize: pageQuery.shape.pageSize,
});
export const tradeHistoryPage = z.object({
  items: z.array(tradeHistoryItem),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** The confirmation popup's figures. */
export const orderPreview = z.object({
  /** The price the figures are computed at: the fill price now, the limit, or today's limit up/down. */
  price: decimalMoney,
  fillsNow: z.boolean(),
  notional: decimalMoney,
  margin: decimalMoney,
  fee: decimalMoney,
  /** Margin plus fee: what the order takes from available cash. */
  total: decimalMoney,
  /**
   * Where this stock's price would bring the account to the liquidation level, as the forced close weighs the
   * whole account: the new position and every position already held in the stock move with it, cash and other
   * stocks unchanged; null if no price does. A short market order waiting for the opening is estimated as sold at
   * today's limit down, where it would end soonest.
   */
  estimatedLiquidationPrice: decimalMoney.nullable(),
  /** Short more than long in the stock with this order: a rise takes the account to that level (else a fall). */
  liquidationOnRise: z.boolean(),
  /**
   * 金利・貸株料: what the position would be charged daily, interest on a leveraged long's financed part or the
   * borrow fee on a short's notional, at the rate a year and for one day (rounded down, as each day's accrual is);
   * null for a 1x long.
   */
  dailyCharge: z
    .object({
      kind: z.enum(['long_interest', 'short_borrow_fee']),
      rateBpPerYear: z.number().int(),
      perDay: decimalMoney,
    })
    .nullable(),
  validity: z.enum(ORDER_VALIDITIES),
  /** The last business date (JST) the order would rest until, if it does not fill now. */
  validUntil: z.string(),
});
export type OrderPreviewView = z.infer<typeof orderPreview>;

/** The 返済 confirmation's figures: what closing the position now would realise. */
export const closePreview = z.object({
  /**
   * The price the figures are computed at: the fill price now (a limit close the market is already through
   * fills there, at its limit or better), the limit of a close that would rest, or the last price for a market
   * close waiting for the next session.
   */
  price: decimalMoney,
  /** Whether the close would fill now; otherwise it rests (limit) or waits for the next session (market). */
  fillsNow: z.boolean(),
  /** price × shares. */
  notional: decimalMoney,
  /** 概算売買損益: the gain or loss on the price (exit - entry, × shares, the sign of the side), before any cost. */
  realisedPnl: decimalMoney,
  /** 決済手数料: the closing fee at that price. */
  fee: decimalMoney,
  /** 新規手数料: the opening fee of the lots that close (for 一部返済, their share of the position's). */
  openFee: decimalMoney,
  /** Interest (long) or borrow fee (short) charged so far. */
  interest: decimalMoney,
  /**
   * 概算実現損益: realisedPnl less the opening fee, the closing fee and the interest, as the position's netPnl
   * will read once closed at that price.
   */
  netPnl: decimalMoney,
  validity: z.enum(ORDER_VALIDITIES),
  /** The last business date (JST) a limit close would rest until, if it does not fill now. */
  validUntil: z.string(),
});
export type ClosePreviewView = z.infer<typeof closePreview>;

export const BUYING_POWER_LIMITS = [
  'cash',
  'maintenance',
  'margin_call',
  'margin_eligibility',
  'minimum_equity',
] as const;
const riskLevel = z.object({ ratio: z.string(), equity: decimalMoney.nullable() });

/** The caller's trading account: cash pockets, equity and the maintenance ratio (委託保証金維持率). */
export const tradingAccount = z.object({
  available: decimalMoney,
  held: decimalMoney,
  margin: decimalMoney,
  /** Owed after losses beyond the cash: zero or negative. */
  debt: decimalMoney,
  unrealisedPnl: decimalMoney,
  equity: decimalMoney,
  openNotional: decimalMoney,
  /** equity / open notional in percent with two decimals; null with nothing open. */
  maintenanceRatio: z.string().nullable(),
  marginCall: z.object({ raisedOn: z.string(), deadline: z.string() }).nullable(),
  /**
   * A forced close has been decided and waits for the next auction (the market shut or the stock halted): it
   * executes even if cash arrives meanwhile, so the margin call's "deposit by the deadline" no longer applies.
   */
  forcedClosePending: z.boolean(),
  /**
   * 買付余力 per side and leverage the firm offers: the largest notional a new position may have that the
   * engine's money checks accept (its margin and fee from available cash, the maintenance ratio after it, and for
   * a margin trade, above 1x or any short, the minimum equity), and what limits it.
   */
  buyingPower: z.array(
    z.object({
      side: z.enum(['long', 'short']),
      leverage: z.number().int(),
      notional: decimalMoney,
      margin: decimalMoney,
      limitedBy: z.enum(BUYING_POWER_LIMITS),
    }),
  ),
  /**
   * The maintenance ratio's two levels (percent, two decimals): the margin call (追証) and the forced close
   * (ロスカット), each with the equity below which the open positions reach it (null with nothing open).
   */
  levels: z.object({
    marginCall: riskLevel,
    liquidation: riskLevel,
  }),
});
export type TradingAccount = z.infer<typeof tradingAccount>;

/**
 * Whether an order is a margin trade (信用取引): leverage above 1x, or any short, since selling what one does
 * not own means borrowing the shares, which Japanese brokers offer only on a margin account. A margin trade
 * needs the credit score and the minimum equity; a 1x long is a cash trade.
 */
export const isMarginTrade = (side: 'long' | 'short', leverage: number): boolean =>
  leverage > 1 || side === 'short';

import { SHARES_PER_LOT } from '@kabuto/market-rules';
import {
  basisPointsAsPercent,
  formatPrice,
  groupThousands,
  isMarginTrade,
  jstDateOf,
  type Order,
  type OrderPreviewView,
  type OrderValidity,
  type Position,
  senToDecimal,
} from '@kabuto/contract';
import { normalizeLang } from '@kabuto/i18n';
import type { TFunction } from 'i18next';
import { dateText, withSign, yen } from '../../../lib/format';
import { instrumentName } from '../../../lib/market-format';
import {
  lotsOfShares,
  pnlPercentOf,
  targetDirection,
  type Side,
  type Target,
  type TargetProblem,
  type TargetReference,
} from './figures';
import type { LimitPriceProblem } from './prices';

/** 期間 with its last date: 今週中（2026/11/27(金)まで）. */
export const validityText = (t: TFunction, validity: OrderValidity, validUntil: string) =>
  t('trade:validityWithDate', {
    validity: t(`trade:validity.${validity}`),
    date: dateText(t, validUntil),
  });

/**
 * Whether a 今週中 order ends today, as one 当日中 would: on the week's last trading day (Friday, or the day
 * before a Friday holiday; Sunday on the always-open clock) the two choices give the same last date.
 */
export const weekEndsToday = (validity: OrderValidity, validUntil: string, now = new Date()) =>
  validity === 'week' && validUntil === jstDateOf(now);

/** The note a confirmation shows under its 期間 when 今週中 ends today; null otherwise. */
export const weekEndsTodayText = (
  t: TFunction,
  validity: OrderValidity,
  validUntil: string,
  now = new Date(),
) =>
  weekEndsToday(validity, validUntil, now)
    ? t('trade:weekEndsToday', { week: t('trade:validity.week'), day: t('trade:validity.day') })
    : null;

/**
 * An order's side as every screen that shows one order names it: 新規買, or 新規買（信用） when it is margin
 * trading (bought at 2x and above, or any short), as on its confirmation.
 */
export const orderSideText = (t: TFunction, side: Order['side'], leverage: number | string) =>
  isMarginTrade(side, Number(leverage))
    ? t('trade:marginSide', { side: t(`trade:side.${side}`) })
    : t(`trade:side.${side}`);

/** A position's side, 買建 or 売建, with （信用） when it is margin trading, as its opening order's. */
export const positionSideText = (t: TFunction, side: Position['side'], leverage: number | string) =>
  isMarginTrade(side, Number(leverage))
    ? t('trade:marginSide', { side: t(`trade:positionSide.${side}`) })
    : t(`trade:positionSide.${side}`);

/** 注文中 / 約定 / 取消済み, and 期限切れ for an order cancelled because its 期間 ran out. */
export function orderStatusText(t: TFunction, order: Pick<Order, 'status' | 'cancelReason'>): string {
  return order.cancelReason === 'expired'
    ? t('trade:cancelReason.expired')
    : t(`trade:orderStatus.${order.status}`);
}

/** 保有中 / 返済注文中 / …, and a forced close waiting for the auction told apart from the client's own close. */
export function positionStatusText(
  t: TFunction,
  position: Pick<Position, 'status' | 'pendingClose'>,
): string {
  return position.pendingClose === 'forced'
    ? t('trade:positionStatus.forced-closing')
    : t(`trade:positionStatus.${position.status}`);
}

/** The stock as the trade screens name it, 「トヨタ自動車（7203）」 / "Toyota Motor (7203)"; its code until its names are in. */
export function instrumentWithCode(
  t: TFunction,
  instrument: { nameJa: string; nameEn: string } | null | undefined,
  language: string | undefined,
  code: string,
): string {
  if (!instrument) return code;
  return t('trade:instrumentWithCode', { name: instrumentName(instrument, normalizeLang(language)), code });
}

/** "200株（2単元）" / "200 shares (2 lots)". */
export function quantityText(t: TFunction, lots: number): string {
  return t('trade:quantity', {
    count: lots,
    shares: groupThousands(String(lots * SHARES_PER_LOT)),
    lots: groupThousands(String(lots)),
  });
}

/** A price with its unit, as the detail sheets and confirmations show it: 「3,000円」 / "¥3,000". */
export function priceText(t: TFunction, price: string): string {
  return t('trade:priceYen', { price: formatPrice(price) });
}

/**
 * A position's resting limit close (返済指値注文中) with its 期間 and the lots it covers; null when held, closing at
 * the market or closed.
 */
export interface RestingClose {
  limit: string;
  validity: OrderValidity;
  validUntil: string;
  lots: number;
}

export function restingCloseOf(position: Position): RestingClose | null {
  const { status, closeLimit, closeValidity, closeValidUntil } = position;
  if (status !== 'limit-closing' || !closeLimit || !closeValidity || !closeValidUntil) return null;
  const lots = closingLotsOf(position) ?? position.lots;
  return { limit: closeLimit, validity: closeValidity, validUntil: closeValidUntil, lots };
}

/**
 * The lots a position's waiting close (a market close for the auction or a resting limit) covers: its `closeLots`,
 * fewer than it holds for 一部返済, or all of them when the server names none; null when no close waits.
 */
export function closingLotsOf(position: Pick<Position, 'status' | 'lots' | 'closeLots'>): number | null {
  if (position.status !== 'closing' && position.status !== 'limit-closing') return null;
  return position.closeLots ?? position.lots;
}

/** The lots of a waiting 一部返済, when its close covers fewer than the position holds; null otherwise. */
export function partialCloseLotsOf(position: Pick<Position, 'status' | 'lots' | 'closeLots'>): number | null {
  const lots = closingLotsOf(position);
  return lots !== null && lots < position.lots ? lots : null;
}

/**
 * What a 返済 did, from the position before it and the server's answer: closed it all; closed some of its lots (the
 * answer is either those lots, a closed position of their own, or the position holding the rest); or left a close
 * waiting (a limit that rests, a market close for the next auction).
 */
export type CloseOutcome = { kind: 'closed' } | { kind: 'partly-closed'; lots: number } | { kind: 'waiting' };

export function closeOutcome(
  before: Pick<Position, 'lots'>,
  after: Pick<Position, 'status' | 'lots' | 'partOf'>,
): CloseOutcome {
  if (after.partOf !== null) return { kind: 'partly-closed', lots: after.lots };
  if (after.status === 'closed') return { kind: 'closed' };
  if (after.status === 'holding' && after.lots < before.lots)
    return { kind: 'partly-closed', lots: before.lots - after.lots };
  return { kind: 'waiting' };
}

/**
 * The 建玉番号 the investor knows a position by: lots closed by 一部返済 became a position of their own, which goes by
 * the number of the one they came from (`partOf`).
 */
export const positionNumberOf = (position: Pick<Position, 'id' | 'partOf'>): string =>
  position.partOf ?? position.id;

/** A line 注文中 lists for a position: its 返済 still waiting, or its take-profit and stop-loss while armed. */
export type WaitingExit = { kind: 'close' | 'armed'; position: Position };

/**
 * What 注文中 lists beside the resting orders, as a broker's 注文照会 does, each position's lines together (newest
 * position first): its close still waiting (返済: a resting limit, or a market close for the next auction), then
 * its take-profit and stop-loss while armed, which close it once the price reaches them (whichever comes first).
 * A position closing at the market has none armed: they no longer fire.
 */
export function waitingExits(positions: readonly Position[]): WaitingExit[] {
  return positions.flatMap((open): WaitingExit[] => {
    const lines: WaitingExit[] = [];
    if (open.status === 'closing' || open.status === 'limit-closing')
      lines.push({ kind: 'close', position: open });
    if (
      (open.status === 'holding' || open.status === 'limit-closing') &&
      (open.takeProfit !== null || open.stopLoss !== null)
    )
      lines.push({ kind: 'armed', position: open });
    return lines;
  });
}

/**
 * Where an armed take-profit or stop-loss fires, 「利益確定 3,100円以上」: a long's take-profit at or above its price
 * and its stop-loss at or below; a short's the other way round.
 */
export const targetTriggerText = (t: TFunction, side: Side, target: Target, price: string) =>
  t(`trade:targetTrigger.${targetDirection(side, target)}`, {
    target: t(`trade:${target}`),
    price: formatPrice(price),
  });

/**
 * A close's terms in one line: "指値 2,850円 ・ 当日中（2026/11/30まで）", the limit alone when it has no 期間 to
 * show (it fills at once), or 成行.
 */
export function closeTermsText(t: TFunction, limit: string | null, validity: string | null): string {
  if (!limit) return t('trade:type.market');
  return [t('trade:limitAt', { price: formatPrice(limit) }), validity]
    .filter(Boolean)
    .join(t('common:separator'));
}

/** A resting limit close's terms, with its 期間 and last date. */
export const restingCloseText = (t: TFunction, resting: RestingClose) =>
  closeTermsText(t, resting.limit, validityText(t, resting.validity, resting.validUntil));

/**
 * 買方金利 or 貸株料 of an order's confirmation: the charge's name, then its rate a year and about what one day
 * costs, each a line; for a 1x buy, which borrows nothing, that there is none.
 */
export function dailyChargeFigure(
  t: TFunction,
  charge: OrderPreviewView['dailyCharge'],
): { label: string; lines: string[] } {
  if (!charge) return { label: t('trade:dailyCharge.label.none'), lines: [t('trade:dailyCharge.none')] };
  return {
    label: t(`trade:dailyCharge.label.${charge.kind}`),
    lines: [
      t('trade:dailyCharge.rate', { rate: basisPointsAsPercent(charge.rateBpPerYear) }),
      t('trade:dailyCharge.perDay', { perDay: yen(charge.perDay) }),
    ],
  };
}

/**
 * 注文方法 on an order's confirmation: 指値 at the limit typed, and when the market already reaches it, the best ask
 * or bid it fills at now; 成行 at the best ask (a buy) or bid (a sell) it would fill at now, or, waiting for the next
 * session, said to be the limit up (ストップ高) the amount set aside is worked out at, whichever the side.
 */
export function orderTypeText(
  t: TFunction,
  order: { type: 'market' | 'limit'; side: Side; price?: string },
  preview: Pick<OrderPreviewView, 'price' | 'fillsNow'>,
): string {
  const price = formatPrice(preview.price);
  const basis = t(`trade:targetSide.basis.${order.side === 'long' ? 'ask' : 'bid'}`);
  if (order.type === 'limit') {
    const limit = formatPrice(order.price ?? preview.price);
    return preview.fillsNow
      ? t('trade:limitFillsAt', { limit, basis, price })
      : t('trade:limitAt', { price: limit });
  }
  return preview.fillsNow ? t('trade:marketAt', { basis, price }) : t('trade:marketHeldAt', { price });
}

/**
 * The confirmation's notional: the estimate at the price the order is expected to fill at, except for a market
 * order that waits for the next session, whose figures are the limit up its cash is held at (orderTypeText) and
 * would read as a second, larger estimate beside the order form's.
 */
export function notionalLabel(
  t: TFunction,
  order: { type: 'market' | 'limit' },
  preview: Pick<OrderPreviewView, 'fillsNow'>,
): string {
  return order.type === 'market' && !preview.fillsNow
    ? t('trade:notionalAtLimitUp')
    : t('trade:estimatedNotional');
}

/** Where a take-profit or stop-loss must go, naming the price it is judged against: 利益確定は現在値（3,000円）より高い価格にしてください. */
function targetSideText(t: TFunction, side: Side, target: Target, reference: TargetReference): string {
  return t(`trade:targetSide.${target}.${targetDirection(side, target)}`, {
    basis: t(`trade:targetSide.basis.${reference.basis}`),
    price: priceText(t, senToDecimal(reference.price)),
  });
}

/**
 * A limit price's problem (limitPriceProblem) in words: not a price and outside the day's limits as the engine says
 * them, off the tick grid with the tick at that price, as a take-profit's is said.
 */
export function limitPriceProblemText(t: TFunction, problem: LimitPriceProblem | null): string | null {
  if (problem === null) return null;
  if (problem.kind === 'unreadable') return t('errors:ORDER_PRICE_INVALID');
  if (problem.kind === 'limits') return t('errors:ORDER_PRICE_OUTSIDE_LIMITS');
  return t('trade:limitTick', { tick: priceText(t, senToDecimal(problem.tick)) });
}

/** A quantity typed as something other than whole 100-share units, in the engine's words; null when fine or empty. */
export function sharesProblemText(t: TFunction, typed: string): string | null {
  return typed.trim() !== '' && lotsOfShares(typed) === null ? t('errors:ORDER_LOTS_INVALID') : null;
}

/**
 * 返済数量 typed in shares: not whole 100-share units (the engine's words), or more than the position holds; null
 * when fine or empty.
 */
export function closeSharesProblemText(t: TFunction, typed: string, heldLots: number): string | null {
  const lots = lotsOfShares(typed);
  if (lots !== null && lots > heldLots) return t('errors:CLOSE_LOTS_ABOVE_POSITION');
  return sharesProblemText(t, typed);
}

/** A target's problem in words: 利益確定は呼値の単位（0.5円）で入力してください, or where it must go (targetSideText). */
export function targetProblemText(t: TFunction, side: Side, target: Target, problem: TargetProblem): string {
  if (problem.kind === 'unreadable') return t(`trade:targetUnreadable.${target}`);
  if (problem.kind === 'side') return targetSideText(t, side, target, problem.reference);
  return t(`trade:targetTick.${target}`, { tick: priceText(t, senToDecimal(problem.tick)) });
}

/**
 * The figure row of what closing at the market meets now (marketExit), under the last price: 買気配 or 売気配 with
 * its price; none while that side of the board is empty or unread (the last price above stands for it).
 */
export function meetsRows(t: TFunction, meets: TargetReference | null): [string, string, string][] {
  if (meets === null || (meets.basis !== 'ask' && meets.basis !== 'bid')) return [];
  const label = meets.basis === 'bid' ? t('trade:bestBid') : t('trade:bestAsk');
  return [['meets', label, priceText(t, senToDecimal(meets.price))]];
}

/**
 * 評価損益 or 実現損益 as the position's screens show it: signed, with its share of the margin (+12,000円（保証金比
 * +4.29%）); — when there is none yet.
 */
export function pnlText(t: TFunction, pnl: string | null, margin: string): string {
  if (!pnl) return '—';
  const percent = pnlPercentOf(pnl, margin);
  return percent
    ? t('trade:pnlWithPercent', { pnl: withSign(yen(pnl)), percent: withSign(percent) })
    : withSign(yen(pnl));
}

/**
 * What ロスカット想定価格 rests on. Short more than long in the stock, the risk is a rise, which has no floor to say
 * 該当なし against.
 */
export const liquidationNoteText = (t: TFunction, onRise: boolean) =>
  t(onRise ? 'trade:liquidationNoteShort' : 'trade:liquidationNote');

import {
  jstDateOf,
  PRICE_ALERT_DAILY_MAX,
  PRICE_ALERT_MAX,
  senToDecimal,
  type PriceAlertDirection,
} from '@kabuto/contract';
import { isOnTick, tickTableFor } from '@kabuto/market-rules';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { InvestorActor } from '../../platform/routes';
import { findInstrument, marketOf, type Trade } from '../market';
import { notify } from '../messaging';
import { lockUserById } from '../users';
import { waitingAlertsOf } from './alerts.index';
import {
  countCreation,
  countWaitingAlerts,
  deleteAlert,
  hasWaitingAlert,
  insertAlert,
  triggerReached,
  type CodeRange,
} from './alerts.repository';

export interface NewAlert {
  code: string;
  direction: PriceAlertDirection;
  /** sen */
  price: bigint;
}

/**
 * Files an alert. One the last price already satisfies would trigger on the next tick and tell the investor
 * nothing new, so it is refused with the price it is at.
 */
export async function createAlert(ctx: AppContext, actor: InvestorActor, request: NewAlert) {
  const instrument = await findInstrument(ctx.db, request.code);
  if (!instrument) throw fail('INSTRUMENT_NOT_FOUND', { code: request.code });
  // Off the tick grid the price is one the stock never trades at.
  if (!isOnTick(request.price, tickTableFor(instrument.topix500))) throw fail('PRICE_ALERT_PRICE_OFF_TICK');
  const quote = (await marketOf(ctx).feed()).quote(request.code);
  if (quote) {
    const reached = request.direction === 'above' ? quote.last >= request.price : quote.last <= request.price;
    if (reached) throw fail('PRICE_ALERT_ALREADY_REACHED', { last: senToDecimal(quote.last) });
  }
  const created = await ctx.transact(async (tx) => {
    // Two creations at once must not pass the cap together.
    await lockUserById(tx.db, actor.userId);
    if (await hasWaitingAlert(tx.db, actor.userId, request)) throw fail('PRICE_ALERT_DUPLICATE');
    if ((await countWaitingAlerts(tx.db, actor.userId)) >= PRICE_ALERT_MAX)
      throw fail('PRICE_ALERT_LIMIT', { max: PRICE_ALERT_MAX });
    const now = ctx.clock.now();
    // Counted before the insert and rolled back with a refusal; deleting an alert does not give one back.
    if ((await countCreation(tx.db, actor.userId, jstDateOf(now))) > PRICE_ALERT_DAILY_MAX)
      throw fail('PRICE_ALERT_DAILY_LIMIT', { max: PRICE_ALERT_DAILY_MAX });
    const row = await insertAlert(tx.db, { userId: actor.userId, ...request, at: now });
    return { row, instrument };
  });
  await waitingAlertsOf(ctx).changed();
  return created;
}

/** Deletes the caller's alert; false when it is not theirs or does not exist. */
export async function removeAlert(ctx: AppContext, actor: InvestorActor, id: bigint): Promise<boolean> {
  const removed = await ctx.transact((tx) => deleteAlert(tx.db, actor.userId, id));
  if (removed) await waitingAlertsOf(ctx).changed();
  return removed;
}

/** Per code, the highest, lowest and last price of a batch of trades (oldest first). */
export function rangesOf(trades: readonly Trade[]): CodeRange[] {
  const ranges = new Map<string, CodeRange>();
  for (const { code, price } of trades) {
    const range = ranges.get(code);
    if (!range) ranges.set(code, { code, high: price, low: price, last: price });
    else {
      if (price > range.high) range.high = price;
      if (price < range.low) range.low = price;
      range.last = price;
    }
  }
  return [...ranges.values()];
}

/**
 * Triggers the alerts a batch of trades reached, each with its message, in one transaction. Only the
 * instruments this node knows to have waiting alerts are looked at; with none, the database is not asked.
 */
export async function checkAlerts(ctx: AppContext, trades: readonly Trade[], at: Date): Promise<number> {
  if (!trades.length) return 0;
  const index = waitingAlertsOf(ctx);
  const watched = new Set(await index.filter([...new Set(trades.map((trade) => trade.code))]));
  const ranges = rangesOf(trades).filter((range) => watched.has(range.code));
  if (!ranges.length) return 0;
  const triggered = await ctx.transact(async (tx) => {
    const triggered = await triggerReached(tx.db, ranges, at);
    for (const alert of triggered)
      await notify(
        tx.db,
        alert.user_id,
        'price_alert',
        {
          code: alert.code,
          nameJa: alert.name_ja,
          nameEn: alert.name_en,
          direction: alert.direction,
          price: senToDecimal(alert.price),
          last: senToDecimal(alert.triggered_price!),
        },
        at,
      );
    return triggered.length;
  });
  if (triggered > 0) await index.changed();
  return triggered;
}

const started = new WeakSet<AppContext>();

/** At start-up, beside trading: every batch of trades the market reports is checked against the waiting alerts. */
export function startAlerts(ctx: AppContext): void {
  if (started.has(ctx)) return;
  started.add(ctx);
  marketOf(ctx).onTrades((trades, at) => checkAlerts(ctx, trades, at));
}

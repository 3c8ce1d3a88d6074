import type { api, BodyOf } from '@kabuto/contract';
import {
  type AccountView,
  createEngine,
  type Engine,
  type EngineConfigInput,
  type EngineEvent,
  type OrderPreview,
  type PlaceOrder,
  type Quote,
} from '@kabuto/engine';
import { isBusinessDay, jstDateOf, tickTableFor } from '@kabuto/market-rules';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { fail } from '../../platform/errors';
import { requireKycPassed } from '../kyc';
import { BALANCE_CHANGES, type LedgerActor } from '../ledger';
import { marketOf, type MarketFeed, type Trade } from '../market';
import { userChannelChanged } from '../realtime';
import { persistEvents, type OrderRequestMeta } from './trading.events';
import {
  accountFigures,
  bumpVersion,
  currentVersion,
  findOrderByKey,
  findUserOrder,
  findUserPosition,
  loadStoredState,
  lockedVersion,
  nextOrderId,
  releaseTickLease,
  setLastAccrualDate,
  tryTickLease,
  updatePosition,
  type StoredState,
} from './trading.repository';
import { refusal, throwIfRejected } from './trading.rejections';
import { quoteFromFeed, sameQuote } from './trading.quotes';
import type { OrderRow, PositionRow } from './trading.table';

export type PlaceOrderBody = BodyOf<typeof api.trading.placeOrder>;
export type ClosePositionBody = BodyOf<typeof api.trading.closePosition>;
export type TakeProfitStopLossBody = BodyOf<typeof api.trading.setTakeProfitStopLoss>;

/**
 * Called after every commit that changed a user's orders, positions or trading cash, once it is durable:
 * the user's `orders` and `positions` channels (WebSocket) read their snapshots again on every node.
 */
export function onUserTradingChanged(ctx: AppContext, userId: bigint): void {
  for (const channel of ['orders', 'positions'] as const)
    userChannelChanged(ctx.db, userId, channel).catch((error: unknown) =>
      ctx.log.error({ err: error, userId: userId.toString(), channel }, 'trading: change notice not sent'),
    );
}

interface CommitOptions {
  /** The user whose command this is: their KYC, credit score and ledger cash are brought into the engine first. */
  userId?: bigint;
  order?: OrderRequestMeta;
  /** More to write in the same transaction, when the command was not refused. */
  also?: (db: Executor) => Promise<unknown>;
}

const DAY_MS = 86_400_000;

/** Another node committed trading state this engine has not seen: it is rebuilt and decides again. */
class StaleEngine extends Error {
  constructor() {
    super('trading: another writer committed first');
  }
}

/** Stable JSON of a request, bigints included, for its idempotency hash. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

/**
 * The trading service of one server: one engine, fed by one queue. Every command (place, cancel, close,
 * TP/SL, a quote, the daily run) runs alone: the engine decides, then its events are written with their
 * ledger entries in one transaction. If that transaction fails, the engine is dropped and rebuilt from the
 * database before the next command, so the two never disagree for longer than one failed command.
 */
export class Trading {
  private engine: Engine | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** The latest quote the engine took per instrument, kept across rebuilds and used for marks. */
  private readonly quotes = new Map<string, Quote>();
  private lastAccrualDate: string | null = null;
  /** The count of trading commits the engine includes (trading_state.version). */
  private version = 0n;
  /** The session phase at the last tick. */
  private phase: string | null = null;
  /** Whether this node feeds the engine from the market (the tick lease; always on one node). */
  private feeding = true;

  constructor(private readonly ctx: AppContext) {
    // Cash that arrives or leaves outside trading (a deposit, a withdrawal, an adjustment) changes the equity of
    // an account with open positions or debt at once, not at its next order: a margin call can be lifted and a
    // debt repaid. Accounts with nothing open learn their cash at their next command.
    ctx.bus.subscribe(BALANCE_CHANGES, (key) => {
      const view = this.engine?.account(key);
      if (!view || (view.openNotional === 0n && view.debt === 0n && view.marginCall === null)) return;
      void this.serial(() => this.commit({ kind: 'system' }, () => [], { userId: BigInt(key) })).catch(
        (error: unknown) =>
          ctx.log.error({ err: error, userId: key }, 'trading: cash could not be brought in'),
      );
    });
  }

  /** Runs `work` after everything queued before it; a failure does not stop the queue. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Builds the engine from the database now (at start), so the first command does not wait for it. */
  ready(): Promise<void> {
    return this.serial(async () => void (await this.built()));
  }

  /** Drops the engine: the next command rebuilds it from the database (after another writer's commits). */
  reload(): Promise<void> {
    return this.serial(async () => {
      this.engine = null;
      await this.built();
    });
  }

  private async built(): Promise<Engine> {
    this.engine ??= await this.rebuild();
    return this.engine;
  }

  private async engineConfig(): Promise<EngineConfigInput> {
    const instruments = await marketOf(this.ctx).instruments();
    return {
      ...this.ctx.config.trading,
      instruments: instruments.map((row) => ({ code: row.code, tickTable: tickTableFor(row.topix500) })),
    };
  }

  /** createEngine(config, state) from the open orders and positions, and each account's cash from the ledger. */
  private async rebuild(): Promise<Engine> {
    const stored = await loadStoredState(this.ctx.db);
    this.lastAccrualDate = stored.lastAccrualDate;
    this.version = stored.version;
    return createEngine(await this.engineConfig(), this.stateOf(stored));
  }

  private stateOf(stored: StoredState) {
    const calls = new Map(stored.marginCalls.map((call) => [call.user_id, call]));
    return {
      accounts: stored.accounts.map((account) => {
        const call = calls.get(account.id);
        return {
          id: account.id.toString(),
          available: account.available,
          debt: -account.debt,
          kycPassed: account.kyc_status === 'passed',
          creditScore: account.credit_score,
          marginCall: call ? { raisedOn: call.raised_on, deadline: call.deadline } : null,
        };
      }),
      // The id is the time priority: ids are taken in the order the one writer placed the orders.
      orders: stored.orders.map((row) => ({
        id: row.id.toString(),
        seq: Number(row.id),
        accountId: row.user_id.toString(),
        code: row.code,
        side: row.side,
        type: row.type,
        limitPrice: row.limit_price,
        lots: row.lots,
        leverage: row.leverage,
        heldMargin: row.held_margin,
        heldFee: row.held_fee,
        takeProfit: row.take_profit,
        stopLoss: row.stop_loss,
        placedAt: row.created_at.getTime(),
      })),
      positions: stored.positions.map((row) => ({
        id: row.id.toString(),
        seq: Number(row.id),
        accountId: row.user_id.toString(),
        code: row.code,
        side: row.side,
        lots: row.lots,
        leverage: row.leverage,
        entryPrice: row.entry_price,
        margin: row.margin,
        openFee: row.open_fee,
        interest: row.interest,
        takeProfit: row.take_profit,
        stopLoss: row.stop_loss,
        status: row.status === 'closed' ? ('holding' as const) : row.status,
        closeLimit: row.close_limit,
        closeReason: row.status === 'closing' ? (row.close_pending_reason ?? 'user') : null,
        openedAt: row.opened_at.getTime(),
      })),
      quotes: [...this.quotes.values()],
      lastAccrualDate: stored.lastAccrualDate,
    };
  }

  /** The user's KYC, credit score and ledger cash, brought into the engine where they differ. */
  private async syncAccount(engine: Engine, userId: bigint, at: number): Promise<EngineEvent[]> {
    const [figures] = await accountFigures(this.ctx.db, [userId]);
    if (!figures) throw fail('SESSION_EXPIRED');
    const accountId = userId.toString();
    const kycPassed = figures.kyc_status === 'passed';
    const view = engine.account(accountId);
    const events: EngineEvent[] = [];
    if (!view || view.kycPassed !== kycPassed || view.creditScore !== figures.credit_score)
      events.push(...engine.upsertAccount({ accountId, kycPassed, creditScore: figures.credit_score, at }));
    if (!view || view.available !== figures.available)
      events.push(...engine.updateCash({ accountId, available: figures.available, at }));
    return events;
  }

  /**
   * One command: the engine decides, and what it decided is written in one transaction. Runs inside the
   * queue. Returns the command's own events (refusals included: the caller answers with them).
   */
  private async commit(
    actor: LedgerActor,
    decide: (engine: Engine) => EngineEvent[],
    options: CommitOptions = {},
  ): Promise<EngineEvent[]> {
    try {
      return await this.commitOnce(actor, decide, options);
    } catch (error) {
      if (!(error instanceof StaleEngine)) throw error;
      return this.commitOnce(actor, decide, options);
    }
  }

  /** Drops the engine when another node has committed since it was built. */
  private async catchUp(): Promise<void> {
    if (this.engine && (await currentVersion(this.ctx.db)) !== this.version) this.engine = null;
  }

  private async commitOnce(
    actor: LedgerActor,
    decide: (engine: Engine) => EngineEvent[],
    options: CommitOptions,
  ): Promise<EngineEvent[]> {
    await this.catchUp();
    const engine = await this.built();
    const at = this.ctx.clock.now().getTime();
    try {
      const synced = options.userId === undefined ? [] : await this.syncAccount(engine, options.userId, at);
      const decided = decide(engine);
      const events = [...synced, ...decided];
      const refused = decided.some((event) => event.type === 'Rejected');
      const writes = events.some((event) => event.type !== 'Rejected' && event.type !== 'QuoteRejected');
      if (writes || (options.also && !refused)) {
        const changed = await this.ctx.transact(async (tx) => {
          // Under the state row's lock: every trading commit on every node passes here one at a time.
          const version = await bumpVersion(tx.db);
          if (version !== this.version + 1n) throw new StaleEngine();
          tx.afterCommit(() => (this.version = version));
          const users = await persistEvents(tx.db, {
            events,
            actor,
            ...(options.order ? { order: options.order } : {}),
          });
          if (options.also && !refused) await options.also(tx.db);
          return users;
        });
        for (const userId of changed) onUserTradingChanged(this.ctx, userId);
      }
      return decided;
    } catch (error) {
      // The engine may hold what the database does not: start again from the database.
      this.engine = null;
      throw error;
    }
  }

  private async feed(): Promise<MarketFeed> {
    return marketOf(this.ctx).feed();
  }

  /** The feed's quote of `code` when the engine has none yet (its first order since start). */
  private async firstQuote(code: string): Promise<Quote | null> {
    if (this.quotes.has(code)) return null;
    const market = marketOf(this.ctx);
    if (!(await market.instrument(code))) return null;
    return quoteFromFeed(await this.feed(), market.clock, code, this.ctx.clock.now());
  }

  private takeQuote(engine: Engine, quote: Quote): EngineEvent[] {
    const events = engine.onQuote(quote);
    if (!events.some((event) => event.type === 'QuoteRejected')) this.quotes.set(quote.code, quote);
    return events;
  }

  private placeCommand(userId: bigint, orderId: string, body: PlaceOrderBody): PlaceOrder {
    return {
      orderId,
      accountId: userId.toString(),
      code: body.code,
      side: body.side,
      type: body.type,
      ...(body.price === undefined ? {} : { price: body.price }),
      lots: body.lots,
      leverage: body.leverage,
      takeProfit: body.takeProfit ?? null,
      stopLoss: body.stopLoss ?? null,
      at: this.ctx.clock.now().getTime(),
    };
  }

  /**
   * Places an order. The same idempotency key with the same request answers with the first order; with
   * another request it is refused. Trading needs a passed identity verification (PRODUCT.md).
   */
  placeOrder(userId: bigint, body: PlaceOrderBody, idempotencyKey: string): Promise<OrderRow> {
    this.requireCurrentPrices();
    const requestHash = sha256(canonical(body));
    return this.serial(async () => {
      const prior = await findOrderByKey(this.ctx.db, userId, idempotencyKey);
      if (prior) {
        if (prior.request_hash !== requestHash) throw fail('IDEMPOTENCY_KEY_REUSED');
        return prior;
      }
      await requireKycPassed(this.ctx.db, userId);
      const orderId = (await nextOrderId(this.ctx.db)).toString();
      const quote = await this.firstQuote(body.code);
      const events = await this.commit(
        { kind: 'user', id: userId },
        (engine) => [
          ...(quote ? this.takeQuote(engine, quote) : []),
          ...engine.placeOrder(this.placeCommand(userId, orderId, body)),
        ],
        { userId, order: { orderId, idempotencyKey, requestHash } },
      );
      throwIfRejected(events);
      return (await findUserOrder(this.ctx.db, userId, BigInt(orderId)))!;
    });
  }

  /** The confirmation popup's figures; refuses what placing would refuse. Changes nothing. */
  previewOrder(userId: bigint, body: PlaceOrderBody): Promise<Extract<OrderPreview, { ok: true }>> {
    this.requireCurrentPrices();
    return this.serial(async () => {
      await requireKycPassed(this.ctx.db, userId);
      const quote = await this.firstQuote(body.code);
      let preview: OrderPreview | undefined;
      await this.commit(
        { kind: 'user', id: userId },
        (engine) => {
          const events = quote ? this.takeQuote(engine, quote) : [];
          preview = engine.previewOrder(this.placeCommand(userId, 'preview', body));
          return events;
        },
        { userId },
      );
      if (!preview!.ok) throw refusal(preview!.reason);
      return preview!;
    });
  }

  /** Cancels a resting order: its held margin and fee return to available cash. */
  cancelOrder(userId: bigint, orderId: bigint): Promise<OrderRow> {
    return this.serial(async () => {
      const order = await findUserOrder(this.ctx.db, userId, orderId);
      if (!order) throw fail('ORDER_NOT_FOUND');
      if (order.status !== 'open') throw fail('ORDER_NOT_OPEN');
      const events = await this.commit(
        { kind: 'user', id: userId },
        (engine) =>
          engine.cancelOrder({
            accountId: userId.toString(),
            orderId: orderId.toString(),
            at: this.ctx.clock.now().getTime(),
          }),
        { userId },
      );
      throwIfRejected(events);
      return (await findUserOrder(this.ctx.db, userId, orderId))!;
    });
  }

  /** Closes a position at the market or with a resting limit; a retry with the same key answers with the position. */
  closePosition(
    userId: bigint,
    positionId: bigint,
    body: ClosePositionBody,
    idempotencyKey: string,
  ): Promise<PositionRow> {
    this.requireCurrentPrices();
    return this.serial(async () => {
      const position = await findUserPosition(this.ctx.db, userId, positionId);
      if (!position) throw fail('POSITION_NOT_FOUND');
      if (position.close_request_key === idempotencyKey) return position;
      if (position.status === 'closed') throw fail('POSITION_CLOSED');
      const events = await this.commit(
        { kind: 'user', id: userId },
        (engine) =>
          engine.closePosition({
            accountId: userId.toString(),
            positionId: positionId.toString(),
            type: body.type,
            ...(body.price === undefined ? {} : { price: body.price }),
            at: this.ctx.clock.now().getTime(),
          }),
        {
          userId,
          also: (db) => updatePosition(db, positionId, { close_request_key: idempotencyKey }),
        },
      );
      throwIfRejected(events);
      return (await findUserPosition(this.ctx.db, userId, positionId))!;
    });
  }

  setTakeProfitStopLoss(
    userId: bigint,
    positionId: bigint,
    body: TakeProfitStopLossBody,
  ): Promise<PositionRow> {
    return this.serial(async () => {
      const position = await findUserPosition(this.ctx.db, userId, positionId);
      if (!position) throw fail('POSITION_NOT_FOUND');
      if (position.status === 'closed') throw fail('POSITION_CLOSED');
      const events = await this.commit(
        { kind: 'user', id: userId },
        (engine) =>
          engine.setTakeProfitStopLoss({
            accountId: userId.toString(),
            positionId: positionId.toString(),
            takeProfit: body.takeProfit ?? null,
            stopLoss: body.stopLoss ?? null,
            at: this.ctx.clock.now().getTime(),
          }),
        { userId },
      );
      throwIfRejected(events);
      return (await findUserPosition(this.ctx.db, userId, positionId))!;
    });
  }

  /** The user's balances, equity and maintenance ratio as the engine has them, with the ledger's cash. */
  account(userId: bigint) {
    return this.serial(async () => {
      await this.commit({ kind: 'user', id: userId }, () => [], { userId });
      return (await this.built()).account(userId.toString())!;
    });
  }

  /**
   * Runs `work` with the user's account as the engine has it (cash brought in first), alone in this node's
   * queue: no command of this node runs until `work` ends, so `work` must not wait for the queue. Called inside
   * `work`'s transaction, `unchanged(db)` locks the trading state row, as every trading commit does, and tells
   * whether no node committed trading since the view was read: then nothing can come between the two.
   */
  withAccountView<T>(
    userId: bigint,
    work: (view: AccountView, unchanged: (db: Executor) => Promise<boolean>) => Promise<T>,
  ): Promise<T> {
    return this.serial(async () => {
      await this.commit({ kind: 'user', id: userId }, () => [], { userId });
      const view = (await this.built()).account(userId.toString())!;
      const version = this.version;
      return work(view, async (db) => (await lockedVersion(db)) === version);
    });
  }

  /** The latest price the engine marks positions of `code` at. */
  markOf(code: string): bigint | null {
    return this.quotes.get(code)?.last ?? null;
  }

  /**
   * A quote into the engine: fills, take-profits, stop-losses, margin calls and forced closes it causes are
   * written in one transaction. The scheduler's path, and the test feed's.
   */
  applyQuote(quote: Quote): Promise<EngineEvent[]> {
    return this.serial(() => this.commit({ kind: 'system' }, (engine) => this.takeQuote(engine, quote)));
  }

  /**
   * After a market tick: each instrument that traded, as the board now shows it, into the engine (one
   * transaction per quote that caused something), after the day's accrual if it is due.
   */
  onTrades(trades: readonly Trade[], now: Date, feed: MarketFeed): Promise<void> {
    if (!this.feeding) return Promise.resolve();
    return this.serial(async () => {
      await this.catchUp();
      await this.accrueIfDue(now);
      const clock = marketOf(this.ctx).clock;
      const codes = new Set(trades.map((trade) => trade.code));
      // A session boundary passes without trades (the lunch break, the close): every instrument the engine
      // knows learns the new phase, so no market order fills at a price from before it.
      const phase = clock.phaseAt(now);
      if (phase !== this.phase) for (const code of this.quotes.keys()) codes.add(code);
      this.phase = phase;
      for (const code of codes) {
        const quote = quoteFromFeed(feed, clock, code, now);
        const previous = this.quotes.get(code);
        if (!quote || (previous && sameQuote(previous, quote))) continue;
        try {
          await this.commit({ kind: 'system' }, (engine) => this.takeQuote(engine, quote));
        } catch (error) {
          this.ctx.log.error({ err: error, code }, 'trading: a quote could not be applied');
        }
      }
    });
  }

  /**
   * Once per business day (the first tick of the day): margin calls past their deadline close positions, then
   * interest on leveraged longs and the borrow fee on shorts for the calendar days since the last run.
   */
  accrueDaily(now: Date): Promise<void> {
    return this.serial(() => this.accrueIfDue(now));
  }

  private async accrueIfDue(now: Date): Promise<void> {
    const today = jstDateOf(now.getTime());
    if (!isBusinessDay(today)) return;
    await this.built();
    if (this.lastAccrualDate !== null && this.lastAccrualDate >= today) return;
    const days =
      this.lastAccrualDate === null
        ? 1
        : Math.round((Date.parse(today) - Date.parse(this.lastAccrualDate)) / DAY_MS);
    const at = now.getTime();
    await this.commit(
      { kind: 'system' },
      (engine) => [
        ...engine.expireMarginCalls({ date: today, at }),
        ...engine.accrueDaily({ date: today, days, at }),
      ],
      { also: (db) => setLastAccrualDate(db, today) },
    );
    this.lastAccrualDate = today;
  }

  /**
   * Only the node that feeds the engine from market ticks has current prices in it; another node's engine
   * would decide at whatever price it saw last. Until commands are routed to the feeding node, the others
   * refuse everything a price decides (docs/trading.md, "Several nodes").
   */
  private requireCurrentPrices(): void {
    if (!this.feeding) throw fail('TRADING_UNAVAILABLE');
  }

  /** Whether this node feeds the engine from market ticks (the lease holder) or only takes commands. */
  setFeeding(feeding: boolean): void {
    this.feeding = feeding;
  }

  get feedsFromMarket(): boolean {
    return this.feeding;
  }
}

const services = new WeakMap<AppContext, Trading>();

/** The trading service of an app context (one engine per server). */
export function tradingOf(ctx: AppContext): Trading {
  let trading = services.get(ctx);
  if (!trading) {
    trading = new Trading(ctx);
    services.set(ctx, trading);
  }
  return trading;
}

const LEASE_RETRY_MS = 5_000;

/**
 * On PostgreSQL, one node at a time feeds the engine from market ticks and runs the daily accrual: the one
 * holding a session advisory lock on a connection of its own, released when the node stops or its connection
 * drops (another node takes it within LEASE_RETRY_MS). Every node takes commands. Correctness does not rest on
 * the lease: every commit checks trading_state.version, so a node that lost the lease without knowing, or two
 * nodes deciding at once, can only cause a rebuild, never a double fill.
 */
async function holdTickLease(ctx: AppContext, trading: Trading): Promise<() => void> {
  if (ctx.dbKind !== 'postgres') return () => undefined;
  trading.setFeeding(false);
  let stopped = false;
  let stop!: () => void;
  const stopping = new Promise<void>((resolve) => (stop = resolve));
  let tried!: () => void;
  const firstTry = new Promise<void>((resolve) => (tried = resolve));
  void ctx.db
    .connection()
    .execute(async (connection) => {
      while (!stopped) {
        if (await tryTickLease(connection)) {
          ctx.log.info('trading: this node feeds the engine from the market');
          trading.setFeeding(true);
          tried();
          await stopping;
          trading.setFeeding(false);
          await releaseTickLease(connection);
          return;
        }
        tried();
        await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, LEASE_RETRY_MS))]);
      }
    })
    .catch((error: unknown) => {
      trading.setFeeding(false);
      tried();
      ctx.log.error({ err: error }, 'trading: the tick lease was lost');
    });
  await firstTry;
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * What `npm start` runs after the market starts: the engine rebuilt from the database, then fed by every tick
 * on the node holding the tick lease. Returns the function that gives the lease up.
 */
export async function startTrading(ctx: AppContext): Promise<() => void> {
  const trading = tradingOf(ctx);
  await trading.ready();
  marketOf(ctx).onTrades((trades, now, feed) => trading.onTrades(trades, now, feed));
  return holdTickLease(ctx, trading);
}

import type { api, BodyOf, OrderValidity } from '@kabuto/contract';
import {
  createEngine,
  type AccountView,
  type AmendOrder,
  type ClosePosition,
  type ClosePreview,
  type Engine,
  type EngineConfig,
  type EngineConfigInput,
  type EngineEvent,
  type InstrumentLimits,
  type OrderPreview,
  type PlaceOrder,
  type Quote,
} from '@kabuto/engine';
import { isBusinessDay, jstDateOf, orderValidUntil, tickTableFor } from '@kabuto/market-rules';
import type { Executor } from '../../database';
import type { AppContext } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { isUniqueViolation } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { BALANCE_CHANGES, type LedgerActor } from '../ledger';
import { instrumentLimitsOf, marketOf, type MarketFeed, type Trade } from '../market';
import { userChannelChanged } from '../realtime';
import { persistEvents, type CloseRequestMeta, type OrderRequestMeta } from './trading.events';
import type { Validity } from './trading.views';
import { TradingWriter } from './trading.writer';
import {
  accountFigures,
  bumpVersion,
  sessionsInForce,
  currentVersion,
  findOrderByKey,
  findOrdersByKeys,
  closeRequestsOf,
  recordCloseRequest,
  findUserOrder,
  findUserPosition,
  loadStoredState,
  lockedVersion,
  nextOrderIds,
  type AccountFigures,
  releaseTickLease,
  setLastAccrualDate,
  tryTickLease,
  type StoredState,
} from './trading.repository';
import { refusal, throwIfRejected } from './trading.rejections';
import { quoteFromFeed, sameQuote } from './trading.quotes';
import type { OrderRow, PositionRow } from './trading.table';

export type PlaceOrderBody = BodyOf<typeof api.trading.placeOrder>;
export type ClosePositionBody = BodyOf<typeof api.trading.closePosition>;
export type AmendOrderBody = BodyOf<typeof api.trading.amendOrder>;
/** The investor a request acts for, and the session it came with. */
export interface Investor {
  userId: bigint;
  sessionId: bigint;
}
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

/**
 * One command for the engine. Commands that arrive together are decided one after another and committed in
 * one transaction (group commit); a failed batch is retried command by command on an engine rebuilt from
 * the database, so one command's failure is only its own.
 */
interface Command {
  actor: LedgerActor;
  /** The user whose command this is: their KYC, credit score and ledger cash are brought into the engine first. */
  userId?: bigint;
  /**
   * The session the user's request came with: the batch commits only while it is in force and the user active
   * (a freeze or a sign-out may end it while the command waits for its batch).
   */
  sessionId?: bigint;
  /** Refused with KYC_NOT_PASSED unless the user's identity verification has passed (every trading command). */
  kycRequired?: boolean;
  /** A new order: its id is taken when its batch runs, so ids follow the engine's order (time priority). */
  order?: { idempotencyKey: string; requestHash: string; validity: OrderValidity; amendsOrderId?: bigint };
  /** A close: the key and request are checked against the position's last close request in the batch. */
  close?: { positionId: bigint; idempotencyKey: string; requestHash: string; validity: OrderValidity };
  decide: (engine: Engine, orderId: string) => EngineEvent[];
  /** More to write in the same transaction, when the command was not refused. */
  also?: (db: Executor) => Promise<unknown>;
}

interface Decided {
  /** The command's own events, refusals included (the caller answers with them). */
  events: EngineEvent[];
  orderId: string;
  /** An order command's order as stored: the one placed, or the one its key placed before. */
  order?: OrderRow;
  /** A close whose key already closed the position with the same request: nothing was decided again. */
  replayed?: boolean;
}

interface BatchWrite {
  actor: LedgerActor;
  events: EngineEvent[];
  order?: OrderRequestMeta;
  close?: CloseRequestMeta;
  also?: Command['also'];
}

type Outcome = { ok: true; value: Decided } | { ok: false; error: unknown };

interface Waiting {
  command: Command;
  resolve: (decided: Decided) => void;
  reject: (error: unknown) => void;
}

/** The most commands one transaction takes; more wait for the next. */
const MAX_BATCH = 256;
/**
 * The most commands one user may have waiting at once; more are refused (RATE_LIMITED), so that one investor
 * sending reads or orders in a loop cannot fill the one queue every investor's orders go through.
 */
const MAX_WAITING_PER_USER = 32;

/** Events that change nothing stored: refusals, and the ledger's own cash and the user's profile brought in. */
const STORES_NOTHING = new Set<EngineEvent['type']>([
  'Rejected',
  'QuoteRejected',
  'CashUpdated',
  'AccountUpdated',
]);
const storesSomething = (events: readonly EngineEvent[]) =>
  events.some((event) => !STORES_NOTHING.has(event.type));

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
 * Every user command of a batch acts for an active user through a session still in force: authentication was
 * before the command was queued, and a freeze or a sign-out may have come while it waited. Read once the batch
 * holds the trading state row, so whatever ended a session before then is seen; the users' rows are not locked
 * (a deposit or withdrawal holding one would hold up every investor's batch). Else the batch is refused, and
 * `run` tries each command alone, so only that user's command fails.
 */
async function requireSessionsInForce(db: Executor, commands: readonly Command[]): Promise<void> {
  const acting = commands.filter(
    (command) => command.userId !== undefined && command.sessionId !== undefined,
  );
  if (acting.length === 0) return;
  const inForce = await sessionsInForce(db, [...new Set(acting.map((command) => command.sessionId!))]);
  for (const command of acting)
    if (inForce.get(command.sessionId!) !== command.userId) throw fail('SESSION_EXPIRED');
}

/**
 * The trading service of one server: one engine, fed by one queue. Every command (place, cancel, close,
 * TP/SL, a quote, the daily run) runs alone: the engine decides, then its events are written with their
 * ledger entries in one transaction. If that transaction fails, the engine is dropped and rebuilt from the
 * database before the next command, so the two never disagree for longer than one failed command.
 */
export class Trading {
  private engine: Engine | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** The latest quote the engine took (or was built with) per instrument, kept across rebuilds; the marks. */
  private quotes = new Map<string, Quote>();
  /** The quotes kept are from before this node took the market's ticks over: the next rebuild replaces them. */
  private quotesOutdated = false;
  private lastAccrualDate: string | null = null;
  /** The JST date resting orders were last expired for on this node (in memory: expiring again is harmless). */
  private ordersExpiredOn: string | null = null;
  /** The count of trading commits the engine includes (trading_state.version). */
  private version = 0n;
  /** The session phase at the last tick. */
  private phase: string | null = null;
  /** Whether this node feeds the engine from the market (the tick lease; always on one node). */
  private feeding = true;
  /** Whether this node holds the tick lease; `feeding` follows once the engine is rebuilt for it. */
  private leaseHeld = true;

  /** Commands waiting for the next batch, and whether a drain of them is queued. */
  private waiting: Waiting[] = [];
  private readonly waitingPerUser = new Map<bigint, number>();
  private drainQueued = false;
  /** Users whose ledger cash changed since the last batch read it: the next batch brings it into the engine. */
  private readonly cashChanged = new Set<bigint>();
  /** Per user, the balance announcements trading's own commits are yet to hear back. */
  private readonly echoes = new Map<bigint, number>();

  constructor(private readonly ctx: AppContext) {
    // Cash that arrives or leaves outside trading (a deposit, a withdrawal, an adjustment) changes the equity of
    // an account with open positions or debt at once, not at its next order: a margin call can be lifted and a
    // debt repaid. An account with resting orders learns it too, so that a fill needing more than it held is
    // decided on the cash that is there. Accounts with nothing open learn their cash at their next command.
    ctx.bus.subscribe(BALANCE_CHANGES, (key) => {
      // The feeding node decides what the cash changes; this node reads it at the user's next command.
      if (!this.feeding) return;
      const userId = BigInt(key);
      if (this.ownEcho(userId)) return;
      const view = this.engine?.account(key);
      if (
        !view ||
        (view.openNotional === 0n && view.held === 0n && view.debt === 0n && view.marginCall === null)
      )
        return;
      // Read with the next batch's accounts.
      this.cashChanged.add(userId);
      this.scheduleDrain();
    });
  }

  /**
   * Whether this announcement is one of those trading's own last commit made (the engine already has that
   * cash). Counted, not matched: if another change of the same user is counted as ours, ours comes later and
   * is taken as the other, and either way the next batch reads the ledger after both.
   */
  private ownEcho(userId: bigint): boolean {
    const count = this.echoes.get(userId) ?? 0;
    if (count === 0) return false;
    if (count === 1) this.echoes.delete(userId);
    else this.echoes.set(userId, count - 1);
    return true;
  }

  /** Runs `work` after everything queued before it; a failure does not stop the queue. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * From outside the queue: the command joins the commands waiting for the next batch. While one batch
   * commits, the next one gathers, so a busy server writes many commands per transaction.
   */
  private submit(command: Command): Promise<Decided> {
    const { userId } = command;
    if (userId !== undefined) {
      const waiting = this.waitingPerUser.get(userId) ?? 0;
      if (waiting >= MAX_WAITING_PER_USER) return Promise.reject(fail('RATE_LIMITED'));
      this.waitingPerUser.set(userId, waiting + 1);
    }
    return new Promise<Decided>((resolve, reject) => {
      this.waiting.push({ command, resolve, reject });
      this.scheduleDrain();
    });
  }

  /** The commands of a batch leave the waiting list: their users may send more. */
  private taken(batch: readonly Waiting[]): void {
    for (const { command } of batch) {
      if (command.userId === undefined) continue;
      const waiting = (this.waitingPerUser.get(command.userId) ?? 1) - 1;
      if (waiting === 0) this.waitingPerUser.delete(command.userId);
      else this.waitingPerUser.set(command.userId, waiting);
    }
  }

  private scheduleDrain(): void {
    if (this.drainQueued || (this.waiting.length === 0 && this.cashChanged.size === 0)) return;
    this.drainQueued = true;
    void this.serial(async () => {
      // Requests that arrived meanwhile get their turn first (on the embedded database, queries resolve as
      // microtasks, so without this the queue would starve the sockets and every batch would hold one command).
      for (let seen = -1; seen !== this.waiting.length && this.waiting.length < MAX_BATCH;)
        await new Promise<void>((resolve) => {
          seen = this.waiting.length;
          setImmediate(resolve);
        });
      this.drainQueued = false;
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.taken(batch);
      this.scheduleDrain();
      const outcomes = await this.run(batch.map((waiting) => waiting.command));
      outcomes.forEach((outcome, i) =>
        outcome.ok ? batch[i]!.resolve(outcome.value) : batch[i]!.reject(outcome.error),
      );
    });
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
    if (!this.engine) this.echoes.clear();
    this.engine ??= await this.rebuild();
    return this.engine;
  }

  private async engineConfig(): Promise<EngineConfigInput> {
    const instruments = await marketOf(this.ctx).instruments();
    return {
      ...this.ctx.config.trading,
      instruments: instruments.map((row) => ({
        code: row.code,
        tickTable: tickTableFor(row.topix500),
        limits: instrumentLimitsOf(row),
      })),
    };
  }

  /** createEngine(config, state) from the open orders and positions, and each account's cash from the ledger. */
  private async rebuild(): Promise<Engine> {
    const stored = await loadStoredState(this.ctx.db);
    this.lastAccrualDate = stored.lastAccrualDate;
    this.version = stored.version;
    await this.quoteHeldInstruments(stored.positions.map((row) => row.code));
    return createEngine(await this.engineConfig(), this.stateOf(stored), { decidesRisk: this.feeding });
  }

  /**
   * The feed's quote now of each instrument with an open position the engine has had no quote of (at start, or
   * a position another node opened). Without it the engine would value those positions at their entry price
   * until the instrument next trades, with the market shut not before the next session: a deposit could lift a
   * margin call, the daily run clear one past its deadline, or a withdrawal take cash the loss needs.
   */
  private async quoteHeldInstruments(codes: readonly string[]): Promise<void> {
    const replaceAll = this.quotesOutdated;
    const wanted = [...new Set(codes)].filter((code) => replaceAll || !this.quotes.has(code));
    if (wanted.length === 0 && !replaceAll) return;
    const feed = await this.feed();
    const { clock } = marketOf(this.ctx);
    const now = this.ctx.clock.now();
    const fresh = new Map<string, Quote>();
    for (const code of wanted) {
      const quote = quoteFromFeed(feed, clock, code, now);
      if (quote) fresh.set(code, quote);
    }
    if (replaceAll) this.quotes = fresh;
    else for (const [code, quote] of fresh) this.quotes.set(code, quote);
    this.quotesOutdated = false;
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
        validUntil: row.valid_until,
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
        closeValidUntil: row.status === 'limit-closing' ? row.close_valid_until : null,
        closeReason: row.status === 'closing' ? (row.close_pending_reason ?? 'user') : null,
        closeLots: row.close_lots,
        closePartId: row.close_part_id?.toString() ?? null,
        openedAt: row.opened_at.getTime(),
      })),
      quotes: [...this.quotes.values()],
      lastAccrualDate: stored.lastAccrualDate,
    };
  }

  /** The user's KYC, credit score and ledger cash, brought into the engine where they differ. */
  private syncAccount(engine: Engine, figures: AccountFigures, at: number): EngineEvent[] {
    const accountId = figures.id.toString();
    const kycPassed = figures.kyc_status === 'passed';
    const view = engine.account(accountId);
    const events: EngineEvent[] = [];
    if (!view || view.kycPassed !== kycPassed || view.creditScore !== figures.credit_score)
      events.push(...engine.upsertAccount({ accountId, kycPassed, creditScore: figures.credit_score, at }));
    if (!view || view.available !== figures.available)
      events.push(...engine.updateCash({ accountId, available: figures.available, at }));
    return events;
  }

  /** Inside the queue: one command, alone in its transaction. Throws what the command failed with. */
  private async commit(
    actor: LedgerActor,
    decide: (engine: Engine) => EngineEvent[],
    options: Omit<Command, 'actor' | 'decide'> = {},
  ): Promise<EngineEvent[]> {
    const [outcome] = await this.run([{ actor, decide, ...options }]);
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.value.events;
  }

  /**
   * Inside the queue: the commands as one batch. If its transaction fails, the engine is rebuilt from the
   * database and each command is tried once more alone, so a command that cannot be written (a fill on cash
   * that another node has just paid out, an idempotency key another node has just used) fails alone.
   */
  private async run(commands: readonly Command[]): Promise<Outcome[]> {
    try {
      return await this.commitBatch(commands);
    } catch (error) {
      if (commands.length === 1) {
        try {
          return await this.commitBatch(commands);
        } catch {
          return [{ ok: false, error }];
        }
      }
      const outcomes: Outcome[] = [];
      for (const command of commands) {
        try {
          outcomes.push(...(await this.commitBatch([command])));
        } catch (alone) {
          outcomes.push({ ok: false, error: alone });
        }
      }
      return outcomes;
    }
  }

  /** One batch, once more if another node committed first. */
  private async commitBatch(commands: readonly Command[]): Promise<Outcome[]> {
    try {
      return await this.commitBatchOnce(commands);
    } catch (error) {
      if (!(error instanceof StaleEngine)) throw error;
      return this.commitBatchOnce(commands);
    }
  }

  /** Drops the engine when another node has committed since it was built. */
  private async catchUp(): Promise<void> {
    if (this.engine && (await currentVersion(this.ctx.db)) !== this.version) this.engine = null;
  }

  private async commitBatchOnce(commands: readonly Command[]): Promise<Outcome[]> {
    await this.catchUp();
    const engine = await this.built();
    try {
      const { outcomes, writes, placed } = await this.decideBatch(engine, commands);
      if (writes.some((write) => write.also || storesSomething(write.events))) {
        const market = marketOf(this.ctx);
        const writer = new TradingWriter((code) => market.instrument(code));
        const changed = await this.ctx.transact(async (tx) => {
          // Under the state row's lock: every trading commit on every node passes here one at a time.
          const version = await bumpVersion(tx.db);
          if (version !== this.version + 1n) throw new StaleEngine();
          await requireSessionsInForce(tx.db, commands);
          tx.afterCommit(() => {
            this.version = version;
            // Before the ledger's own after-commit announcements, which may be heard at once.
            for (const userId of writer.postedUsers())
              this.echoes.set(userId, (this.echoes.get(userId) ?? 0) + 1);
          });
          const users = new Set<bigint>();
          for (const write of writes)
            for (const userId of await persistEvents(tx.db, writer, write)) users.add(userId);
          await writer.flush(tx.db);
          for (const write of writes) if (write.also) await write.also(tx.db);
          return users;
        });
        for (const userId of changed) onUserTradingChanged(this.ctx, userId);
        for (const { outcome, orderId } of placed) outcome.order = writer.order(BigInt(orderId));
      }
      return outcomes.map((outcome) =>
        typeof outcome === 'number' ? (outcomes[outcome] as Outcome) : outcome,
      );
    } catch (error) {
      // The engine may hold what the database does not: start again from the database.
      this.engine = null;
      throw error;
    }
  }

  /**
   * The engine decides every command of a batch, in order, after each user's ledger cash is brought in. An
   * order whose key its user has used before is answered with that order (or refused, for another request);
   * the same key twice in one batch is answered with the first (an outcome given as the index of the first).
   */
  private async decideBatch(engine: Engine, commands: readonly Command[]) {
    const at = this.ctx.clock.now().getTime();
    const userIds = [
      ...new Set([
        ...this.cashChanged,
        ...commands.flatMap((command) => (command.userId === undefined ? [] : [command.userId])),
      ]),
    ];
    this.cashChanged.clear();
    const orders = commands.filter((command) => command.order);
    const closes = commands.flatMap((command) => (command.close ? [command.close] : []));
    const [figureRows, orderIds, priorRows, closeRows] = await Promise.all([
      userIds.length ? accountFigures(this.ctx.db, userIds) : [],
      nextOrderIds(this.ctx.db, orders.length),
      findOrdersByKeys(
        this.ctx.db,
        orders.map((command) => ({ userId: command.userId!, key: command.order!.idempotencyKey })),
      ),
      closeRequestsOf(this.ctx.db, closes),
    ]);
    // The batch's close requests made before (by position and key, with their request's hash): as stored, then
    // as the batch's commands make them.
    const closeKey = (close: { positionId: bigint; idempotencyKey: string }) =>
      `${close.positionId}:${close.idempotencyKey}`;
    const knownCloses = new Map(
      closeRows.map((row) => [
        closeKey({ positionId: row.position_id, idempotencyKey: row.idempotency_key }),
        row.request_hash,
      ]),
    );
    const figures = new Map(figureRows.map((row) => [row.id, row]));
    const priors = new Map(priorRows.map((row) => [`${row.user_id}:${row.idempotency_key}`, row]));
    // Every user's cash as the ledger has it before anything in the batch is decided: a later command of the
    // same user is decided on what the earlier ones left.
    const synced: EngineEvent[] = [];
    for (const row of figures.values()) synced.push(...this.syncAccount(engine, row, at));

    const outcomes: (Outcome | number)[] = [];
    const placed: { outcome: Decided; orderId: string }[] = [];
    const firstWithKey = new Map<string, { index: number; requestHash: string }>();
    const writes: BatchWrite[] = [{ actor: { kind: 'system' }, events: synced }];
    for (const command of commands) {
      const orderId = command.order ? orderIds.shift()!.toString() : '';
      const user = command.userId === undefined ? undefined : figures.get(command.userId);
      if (command.userId !== undefined && !user) {
        outcomes.push({ ok: false, error: fail('SESSION_EXPIRED') });
        continue;
      }
      if (command.kycRequired && user?.kyc_status !== 'passed') {
        outcomes.push({ ok: false, error: fail('KYC_NOT_PASSED') });
        continue;
      }
      if (command.order) {
        const key = `${command.userId}:${command.order.idempotencyKey}`;
        const prior = priors.get(key);
        const first = firstWithKey.get(key);
        if (prior || first) {
          const sameRequest = (prior?.request_hash ?? first?.requestHash) === command.order.requestHash;
          outcomes.push(
            !sameRequest
              ? { ok: false, error: fail('IDEMPOTENCY_KEY_REUSED') }
              : prior
                ? { ok: true, value: { events: [], orderId: prior.id.toString(), order: prior } }
                : first!.index,
          );
          continue;
        }
        firstWithKey.set(key, { index: outcomes.length, requestHash: command.order.requestHash });
      }
      if (command.close && knownCloses.has(closeKey(command.close))) {
        // A close stored before its request was hashed answers a retry with the position, as it did then.
        const hash = knownCloses.get(closeKey(command.close));
        const sameRequest = hash === null || hash === command.close.requestHash;
        outcomes.push(
          sameRequest
            ? { ok: true, value: { events: [], orderId, replayed: true } }
            : { ok: false, error: fail('IDEMPOTENCY_KEY_REUSED') },
        );
        continue;
      }
      const events = command.decide(engine, orderId);
      const refused = events.some((event) => event.type === 'Rejected');
      if (command.close && !refused) knownCloses.set(closeKey(command.close), command.close.requestHash);
      writes.push({
        actor: command.actor,
        events,
        ...(command.order ? { order: { orderId, ...command.order } } : {}),
        ...(command.close
          ? { close: { positionId: command.close.positionId.toString(), validity: command.close.validity } }
          : {}),
        ...(command.also && !refused ? { also: command.also } : {}),
      });
      const decided: Decided = { events, orderId };
      if (command.order && !refused) placed.push({ outcome: decided, orderId });
      outcomes.push({ ok: true, value: decided });
    }
    return { outcomes, writes, placed };
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

  /**
   * 期間 of an order or a limit close: `day` unless asked, and only `day` at the market (it fills at the next price
   * or waits for the next opening, never longer); the last valid date from the market's business-day calendar.
   */
  private validityOf(body: Pick<PlaceOrderBody, 'type' | 'validity'>, now: Date): Validity {
    const validity = body.validity ?? 'day';
    if (body.type === 'market' && validity !== 'day') throw fail('ORDER_VALIDITY_INVALID');
    return { validity, validUntil: orderValidUntil(marketOf(this.ctx).clock.policy, validity, now) };
  }

  private placeCommand(userId: bigint, orderId: string, body: PlaceOrderBody): PlaceOrder {
    const now = this.ctx.clock.now();
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
      validUntil: this.validityOf(body, now).validUntil,
      at: now.getTime(),
    };
  }

  /** The quote fetched before the command was queued, unless the engine has taken one of `code` since. */
  private takeFirstQuote(engine: Engine, quote: Quote | null): EngineEvent[] {
    // The same quote again when its batch is retried on a rebuilt engine: what it caused was not written.
    const current = quote && this.quotes.get(quote.code);
    return quote && (!current || current === quote) ? this.takeQuote(engine, quote) : [];
  }

  /**
   * Places an order. The same idempotency key with the same request answers with the first order; with
   * another request it is refused. Trading needs a passed identity verification (PRODUCT.md).
   */
  async placeOrder(investor: Investor, body: PlaceOrderBody, idempotencyKey: string): Promise<OrderRow> {
    const { userId } = investor;
    this.requireCurrentPrices();
    const { validity } = this.validityOf(body, this.ctx.clock.now());
    const requestHash = sha256(canonical(body));
    const quote = await this.firstQuote(body.code);
    return this.submitOrder(investor, { idempotencyKey, requestHash, validity }, quote, (engine, orderId) =>
      engine.placeOrder(this.placeCommand(userId, orderId, body)),
    );
  }

  /**
   * An order command (placing, 訂正): queued with its key, decided after the quote fetched for it, and answered
   * with the order written. The same key sent to another node at the same moment is answered by the order written
   * first (or refused for another request).
   */
  private async submitOrder(
    investor: Investor,
    order: NonNullable<Command['order']>,
    quote: Quote | null,
    decide: (engine: Engine, orderId: string) => EngineEvent[],
  ): Promise<OrderRow> {
    const { userId, sessionId } = investor;
    let decided: Decided;
    try {
      decided = await this.submit({
        actor: { kind: 'user', id: userId },
        userId,
        sessionId,
        kycRequired: true,
        order,
        decide: (engine, orderId) => [...this.takeFirstQuote(engine, quote), ...decide(engine, orderId)],
      });
    } catch (error) {
      const first = isUniqueViolation(error, 'trading_orders_idempotency')
        ? await findOrderByKey(this.ctx.db, userId, order.idempotencyKey)
        : undefined;
      if (!first) throw error;
      if (first.request_hash !== order.requestHash) throw fail('IDEMPOTENCY_KEY_REUSED');
      return first;
    }
    throwIfRejected(decided.events);
    if (!decided.order) throw new Error(`trading: order ${decided.orderId} was not written`);
    return decided.order;
  }

  private amendCommand(
    userId: bigint,
    orderId: bigint,
    newOrderId: string,
    body: AmendOrderBody,
  ): AmendOrder {
    return {
      accountId: userId.toString(),
      orderId: orderId.toString(),
      newOrderId,
      price: body.price,
      lots: body.lots,
      at: this.ctx.clock.now().getTime(),
    };
  }

  /**
   * 訂正: replaces a resting limit order by one at a new price and lots, its other terms kept, in one step; the
   * answer is the new order. The same idempotency key with the same request answers with that order again (even
   * once the new order has filled); with another request it is refused.
   */
  async amendOrder(
    investor: Investor,
    orderId: bigint,
    body: AmendOrderBody,
    idempotencyKey: string,
  ): Promise<OrderRow> {
    const { userId } = investor;
    this.requireCurrentPrices();
    const order = await findUserOrder(this.ctx.db, userId, orderId);
    if (!order) throw fail('ORDER_NOT_FOUND');
    const requestHash = sha256(canonical({ amends: orderId.toString(), ...body }));
    const quote = await this.firstQuote(order.code);
    try {
      return await this.submitOrder(
        investor,
        { idempotencyKey, requestHash, validity: order.validity, amendsOrderId: orderId },
        quote,
        (engine, newOrderId) => engine.amendOrder(this.amendCommand(userId, orderId, newOrderId, body)),
      );
    } catch (error) {
      // The order is the user's (read above), so the engine not finding it means it was filled, cancelled or
      // amended already, by the market or another request.
      if (error instanceof AppError && error.errorCode === 'ORDER_NOT_FOUND') throw fail('ORDER_NOT_OPEN');
      throw error;
    }
  }

  /** The 訂正 confirmation's figures; refuses what amending would refuse. Changes nothing. */
  async previewAmendment(
    userId: bigint,
    orderId: bigint,
    body: AmendOrderBody,
  ): Promise<{
    preview: Extract<OrderPreview, { ok: true }>;
    validity: Validity;
  }> {
    this.requireCurrentPrices();
    const order = await findUserOrder(this.ctx.db, userId, orderId);
    if (!order) throw fail('ORDER_NOT_FOUND');
    if (order.status !== 'open') throw fail('ORDER_NOT_OPEN');
    const quote = await this.firstQuote(order.code);
    let preview: OrderPreview | undefined;
    await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      kycRequired: true,
      decide: (engine) => {
        const events = this.takeFirstQuote(engine, quote);
        preview = engine.previewAmendment(this.amendCommand(userId, orderId, 'preview', body));
        return events;
      },
    });
    if (!preview!.ok)
      throw preview!.reason === 'ORDER_NOT_FOUND' ? fail('ORDER_NOT_OPEN') : refusal(preview!.reason);
    return { preview: preview!, validity: { validity: order.validity, validUntil: order.valid_until } };
  }

  /** The confirmation popup's figures; refuses what placing would refuse. Changes nothing. */
  async previewOrder(
    userId: bigint,
    body: PlaceOrderBody,
  ): Promise<{
    preview: Extract<OrderPreview, { ok: true }>;
    validity: Validity;
  }> {
    this.requireCurrentPrices();
    const validity = this.validityOf(body, this.ctx.clock.now());
    const quote = await this.firstQuote(body.code);
    let preview: OrderPreview | undefined;
    await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      kycRequired: true,
      decide: (engine) => {
        const events = this.takeFirstQuote(engine, quote);
        preview = engine.previewOrder(this.placeCommand(userId, 'preview', body));
        return events;
      },
    });
    if (!preview!.ok) throw refusal(preview!.reason);
    return { preview: preview!, validity };
  }

  /** Cancels a resting order: its held margin and fee return to available cash. */
  async cancelOrder(investor: Investor, orderId: bigint): Promise<OrderRow> {
    const { userId, sessionId } = investor;
    const order = await findUserOrder(this.ctx.db, userId, orderId);
    if (!order) throw fail('ORDER_NOT_FOUND');
    if (order.status !== 'open') throw fail('ORDER_NOT_OPEN');
    const { events } = await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      sessionId,
      decide: (engine) =>
        engine.cancelOrder({
          accountId: userId.toString(),
          orderId: orderId.toString(),
          at: this.ctx.clock.now().getTime(),
        }),
    });
    // Filled or cancelled by the market while this waited for its batch.
    if (events.some((event) => event.type === 'Rejected' && event.reason === 'ORDER_NOT_FOUND'))
      throw fail('ORDER_NOT_OPEN');
    throwIfRejected(events);
    return (await findUserOrder(this.ctx.db, userId, orderId))!;
  }

  /** 返済注文の取消: withdraws the position's resting limit close; the position is held again. */
  async cancelClose(investor: Investor, positionId: bigint): Promise<PositionRow> {
    const { userId, sessionId } = investor;
    const position = await findUserPosition(this.ctx.db, userId, positionId);
    if (!position) throw fail('POSITION_NOT_FOUND');
    if (position.status === 'closed') throw fail('POSITION_CLOSED');
    const { events } = await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      sessionId,
      decide: (engine) =>
        engine.cancelClose({
          accountId: userId.toString(),
          positionId: positionId.toString(),
          at: this.ctx.clock.now().getTime(),
        }),
    });
    // Closed by its limit (or a forced close) while this waited for its batch.
    if (events.some((event) => event.type === 'Rejected' && event.reason === 'POSITION_NOT_FOUND'))
      throw fail('POSITION_CLOSED');
    throwIfRejected(events);
    return (await findUserPosition(this.ctx.db, userId, positionId))!;
  }

  /**
   * Closes a position at the market or with a resting limit. A retry with the same key and request answers
   * with the position; the same key with another request is refused.
   */
  async closePosition(
    investor: Investor,
    positionId: bigint,
    body: ClosePositionBody,
    idempotencyKey: string,
  ): Promise<PositionRow> {
    const { userId, sessionId } = investor;
    this.requireCurrentPrices();
    const { validity } = this.validityOf(body, this.ctx.clock.now());
    const requestHash = sha256(canonical(body));
    const position = await findUserPosition(this.ctx.db, userId, positionId);
    if (!position) throw fail('POSITION_NOT_FOUND');
    if (
      position.status === 'closed' &&
      (await closeRequestsOf(this.ctx.db, [{ positionId, idempotencyKey }])).length === 0
    )
      throw fail('POSITION_CLOSED');
    // 一部返済: the id its lots take when it fills, from the order ids (the engine checks the lots against its own).
    const [partId] =
      body.lots !== undefined && body.lots < position.lots ? await nextOrderIds(this.ctx.db, 1) : [];
    const decided = await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      sessionId,
      close: { positionId, idempotencyKey, requestHash, validity },
      decide: (engine) => engine.closePosition(this.closeCommand(userId, positionId, body, partId)),
      also: (db) => recordCloseRequest(db, { positionId, idempotencyKey, requestHash }),
    });
    const closedMeanwhile = decided.events.some(
      (event) => event.type === 'Rejected' && event.reason === 'POSITION_NOT_FOUND',
    );
    if (closedMeanwhile) throw fail('POSITION_CLOSED');
    throwIfRejected(decided.events);
    return (await findUserPosition(this.ctx.db, userId, positionId))!;
  }

  /** The 返済 confirmation's figures; refuses what closing would refuse. Changes nothing. */
  async previewClose(
    userId: bigint,
    positionId: bigint,
    body: ClosePositionBody,
  ): Promise<{ preview: Extract<ClosePreview, { ok: true }>; validity: Validity }> {
    this.requireCurrentPrices();
    const validity = this.validityOf(body, this.ctx.clock.now());
    const position = await findUserPosition(this.ctx.db, userId, positionId);
    if (!position) throw fail('POSITION_NOT_FOUND');
    if (position.status === 'closed') throw fail('POSITION_CLOSED');
    let preview: ClosePreview | undefined;
    await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      decide: (engine) => {
        // Any id will do for the part: nothing is kept.
        preview = engine.previewClose(this.closeCommand(userId, positionId, body, -1n));
        return [];
      },
    });
    if (preview!.ok) return { preview: preview!, validity };
    // Closed by the market (take-profit, stop-loss, a forced close) while this waited for its batch.
    if (preview!.reason === 'POSITION_NOT_FOUND') throw fail('POSITION_CLOSED');
    throw refusal(preview!.reason);
  }

  private closeCommand(
    userId: bigint,
    positionId: bigint,
    body: ClosePositionBody,
    partId: bigint | undefined,
  ): ClosePosition {
    const now = this.ctx.clock.now();
    return {
      accountId: userId.toString(),
      positionId: positionId.toString(),
      type: body.type,
      ...(body.price === undefined ? {} : { price: body.price }),
      ...(body.lots === undefined ? {} : { lots: body.lots }),
      ...(partId === undefined ? {} : { partId: partId.toString() }),
      validUntil: this.validityOf(body, now).validUntil,
      at: now.getTime(),
    };
  }

  async setTakeProfitStopLoss(
    investor: Investor,
    positionId: bigint,
    body: TakeProfitStopLossBody,
  ): Promise<PositionRow> {
    const { userId, sessionId } = investor;
    const position = await findUserPosition(this.ctx.db, userId, positionId);
    if (!position) throw fail('POSITION_NOT_FOUND');
    if (position.status === 'closed') throw fail('POSITION_CLOSED');
    // A target is judged against the price it fires on now; clearing both needs no price.
    if ((body.takeProfit ?? null) !== null || (body.stopLoss ?? null) !== null) this.requireCurrentPrices();
    const { events } = await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      sessionId,
      decide: (engine) =>
        engine.setTakeProfitStopLoss({
          accountId: userId.toString(),
          positionId: positionId.toString(),
          takeProfit: body.takeProfit ?? null,
          stopLoss: body.stopLoss ?? null,
          at: this.ctx.clock.now().getTime(),
        }),
    });
    if (events.some((event) => event.type === 'Rejected' && event.reason === 'POSITION_NOT_FOUND'))
      throw fail('POSITION_CLOSED');
    throwIfRejected(events);
    return (await findUserPosition(this.ctx.db, userId, positionId))!;
  }

  /**
   * The user's balances, equity and maintenance ratio as the engine has them, with the ledger's cash. A read:
   * it writes only if the ledger's cash repays a debt the engine had not yet seen repaid.
   */
  async account(userId: bigint): Promise<AccountView> {
    return (await this.accountWithRules(userId)).view;
  }

  /** As account(), with the engine's configuration it was decided under (for buying power and the levels). */
  async accountWithRules(userId: bigint): Promise<{ view: AccountView; config: EngineConfig }> {
    let read: { view: AccountView; config: EngineConfig } | undefined;
    await this.submit({
      actor: { kind: 'user', id: userId },
      userId,
      decide: (engine) => {
        read = { view: engine.account(userId.toString())!, config: engine.config };
        return [];
      },
    });
    return read!;
  }

  /**
   * The unrealised P&L of the user's open positions at the engine's marks, as the last batch left it; zero with
   * nothing open. Read without queueing, for figures shown beside the ledger's (the user info's 評価損益 and
   * 総資産): a read between two batches, never a decision.
   */
  unrealisedPnlOf(userId: bigint): bigint {
    return this.engine?.account(userId.toString())?.unrealisedPnl ?? 0n;
  }

  /** The house's new limits of `code` into the engine, after every command queued before (new orders only). */
  setInstrumentLimits(code: string, limits: InstrumentLimits): Promise<void> {
    return this.serial(async () => {
      const at = this.ctx.clock.now().getTime();
      await this.commit({ kind: 'system' }, (engine) => engine.setInstrumentLimits({ code, limits, at }));
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
   * transaction for the tick; a quote whose consequences cannot be written fails alone), after the day's
   * accrual if it is due.
   */
  onTrades(trades: readonly Trade[], now: Date, feed: MarketFeed): Promise<void> {
    if (!this.feeding) return Promise.resolve();
    return this.serial(async () => {
      await this.catchUp();
      try {
        await this.accrueIfDue(now);
      } catch (err) {
        // Prices still reach the engine, so targets, limits and margin calls keep working: nothing fills past
        // its last date either way (the engine expires it instead), and the next tick runs the day again.
        this.ctx.log.error({ err }, 'trading: the daily run failed; the tick is applied without it');
      }
      const clock = marketOf(this.ctx).clock;
      const codes = new Set(trades.map((trade) => trade.code));
      // A session boundary passes without trades (the lunch break, the close): every instrument the engine
      // knows learns the new phase, so no market order fills at a price from before it.
      const phase = clock.phaseAt(now);
      if (phase !== this.phase) for (const code of this.quotes.keys()) codes.add(code);
      this.phase = phase;
      const quotes: Quote[] = [];
      for (const code of codes) {
        const quote = quoteFromFeed(feed, clock, code, now);
        const previous = this.quotes.get(code);
        if (quote && !(previous && sameQuote(previous, quote))) quotes.push(quote);
      }
      if (quotes.length === 0) return;
      const outcomes = await this.run(
        quotes.map((quote) => ({
          actor: { kind: 'system' },
          decide: (engine) => this.takeQuote(engine, quote),
        })),
      );
      outcomes.forEach((outcome, i) => {
        if (!outcome.ok)
          this.ctx.log.error(
            { err: outcome.error, code: quotes[i]!.code },
            'trading: a quote could not be applied',
          );
      });
    });
  }

  /**
   * The daily run, at the first tick of each JST day: resting orders past their last valid date (期間) are
   * cancelled as expired, their holds released (every calendar day: the always-open demo clock trades on weekends
   * too); then, on a business day, margin calls past their deadline close positions, and interest on leveraged
   * longs and the borrow fee on shorts is charged for the calendar days since the last run. One transaction.
   */
  accrueDaily(now: Date): Promise<void> {
    return this.serial(() => this.accrueIfDue(now));
  }

  private async accrueIfDue(now: Date): Promise<void> {
    const today = jstDateOf(now.getTime());
    await this.built();
    const accrual = isBusinessDay(today) && (this.lastAccrualDate === null || this.lastAccrualDate < today);
    // Expiring twice for a date finds nothing the second time, so this node need not store that it ran.
    const expiry = this.ordersExpiredOn !== today;
    if (!accrual && !expiry) return;
    const days =
      this.lastAccrualDate === null
        ? 1
        : Math.round((Date.parse(today) - Date.parse(this.lastAccrualDate)) / DAY_MS);
    const at = now.getTime();
    await this.commit(
      { kind: 'system' },
      (engine) => [
        ...engine.expireOrders({ date: today, at }),
        ...(accrual
          ? [
              ...engine.expireMarginCalls({ date: today, at }),
              ...engine.accrueDaily({ date: today, days, at }),
            ]
          : []),
      ],
      accrual ? { also: (db) => setLastAccrualDate(db, today) } : {},
    );
    if (accrual) this.lastAccrualDate = today;
    this.ordersExpiredOn = today;
  }

  /**
   * Only the node that feeds the engine from market ticks has current prices in it; another node's engine
   * would decide at whatever price it saw last. Until commands are routed to the feeding node, the others
   * refuse everything a price decides (docs/trading.md, "Several nodes").
   */
  private requireCurrentPrices(): void {
    if (!this.feeding) throw fail('TRADING_UNAVAILABLE');
  }

  /**
   * Whether this node feeds the engine from market ticks (the lease holder) or only takes commands. The engine is
   * rebuilt on the change: only a feeding node's engine decides margin calls and forced closes (another's marks
   * are old: a deposit taken there could lift a call, or a withdrawal's cash force a close, at yesterday's
   * price), and a node that takes the lease over starts from the feed's quotes now, not from those it kept.
   */
  setFeeding(feeding: boolean): void {
    if (feeding === this.leaseHeld) return;
    this.leaseHeld = feeding;
    // Losing the lease stops price-dependent commands at once; taking it starts them only once the engine is
    // rebuilt with the feed's quotes, after every batch queued before (those were decided at the old marks).
    if (!feeding) this.feeding = false;
    this.serial(async () => {
      this.engine = null;
      if (!this.leaseHeld) return;
      this.quotesOutdated = true;
      this.feeding = true;
      await this.built();
    }).catch((error: unknown) =>
      // The next command rebuilds it again.
      this.ctx.log.error({ err: error }, 'trading: rebuilding the engine for the tick lease failed'),
    );
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

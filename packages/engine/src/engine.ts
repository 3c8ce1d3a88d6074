import type { Sen } from '@kabuto/contract';
import { upsertAccount, updateCash } from './accounts';
import type {
  AccrueDaily,
  AmendOrder,
  CancelClose,
  CancelOrder,
  ClosePosition,
  EngineCommand,
  ExpireMarginCalls,
  ExpireOrders,
  PlaceOrder,
  SetTakeProfitStopLoss,
  UpdateCash,
  UpsertAccount,
  SetInstrumentLimits,
} from './commands';
import { checkInstrumentLimits, engineConfig, type EngineConfig, type EngineConfigInput } from './config';
import { accrueDaily, expireMarginCalls } from './daily';
import type { EngineEvent } from './events';
import { markQuote, onQuote } from './market';
import { ratioBp } from './money';
import { amendOrder, cancelOrder, expireOrders, placeOrder } from './orders';
import { cancelClose, closePosition, pnlAt, setTakeProfitStopLoss } from './positions';
import {
  previewAmendment,
  previewClose,
  previewOrder,
  type ClosePreview,
  type OrderPreview,
} from './preview';
import { markOf } from './market-access';
import type { EngineState, EpochMs, MarginCallRecord, Quote } from './records';
import { awaitsForcedClose, evaluateChanged, measure } from './risk';
import { restoreState, snapshotOf } from './snapshot';
import { createState, type State } from './state';

export interface AccountView {
  readonly accountId: string;
  readonly available: Sen;
  readonly held: Sen;
  readonly margin: Sen;
  readonly debt: Sen;
  readonly unrealisedPnl: Sen;
  /** available + held + margin + debt + unrealised P&L. */
  readonly equity: Sen;
  readonly openNotional: Sen;
  readonly ratioBp: number | null;
  readonly marginCall: MarginCallRecord | null;
  /** A forced close is decided and waits for the next auction: a deposit no longer prevents it. */
  readonly forcedClosePending: boolean;
  readonly kycPassed: boolean;
  readonly creditScore: number;
}

export interface Engine {
  readonly config: EngineConfig;
  placeOrder(cmd: PlaceOrder): EngineEvent[];
  /** 訂正: cancels a resting limit order and places its replacement in one step, or changes nothing. */
  amendOrder(cmd: AmendOrder): EngineEvent[];
  cancelOrder(cmd: CancelOrder): EngineEvent[];
  /** 返済注文の取消: withdraws a resting limit close, or changes nothing. */
  cancelClose(cmd: CancelClose): EngineEvent[];
  closePosition(cmd: ClosePosition): EngineEvent[];
  setTakeProfitStopLoss(cmd: SetTakeProfitStopLoss): EngineEvent[];
  onQuote(quote: Quote): EngineEvent[];
  accrueDaily(cmd: AccrueDaily): EngineEvent[];
  expireMarginCalls(cmd: ExpireMarginCalls): EngineEvent[];
  /** Cancels as expired every resting order, and withdraws every limit close, whose last valid date is before the date; idempotent. */
  expireOrders(cmd: ExpireOrders): EngineEvent[];
  updateCash(cmd: UpdateCash): EngineEvent[];
  upsertAccount(cmd: UpsertAccount): EngineEvent[];
  /**
   * Changes an instrument's limits for orders placed from now on; open positions and resting orders are
   * not touched. No events (nothing moves); engine.config shows the new limits. Throws on an unknown code or
   * limits the configuration cannot take (input the caller should have checked).
   */
  setInstrumentLimits(cmd: SetInstrumentLimits): EngineEvent[];
  /** Any command as data: the same as calling its method. */
  execute(command: EngineCommand): EngineEvent[];
  /** What placing the order would hold and where it would be liquidated; changes nothing. */
  previewOrder(cmd: PlaceOrder): OrderPreview;
  /** The amended order's figures, on the cash the old one would free; changes nothing. */
  previewAmendment(cmd: AmendOrder): OrderPreview;
  /** What closing the position would realise, net of its fees and interest; changes nothing. */
  previewClose(cmd: ClosePosition): ClosePreview;
  account(accountId: string): AccountView | undefined;
  snapshot(): Required<EngineState>;
}

export interface EngineOptions {
  /**
   * Whether changes to an account (cash in or out, a fill, a cancel) raise or lift its margin call and decide
   * forced closes, at the engine's marks, and whether a quote matches orders and fires triggers. Off for an engine
   * whose marks are not current (a server node that does not take the market's ticks): the node that does decides
   * them, and a quote given to such an engine is a mark only. It must not be given orders. Default on.
   */
  readonly decidesRisk?: boolean;
}

/**
 * A new engine, empty or rebuilt from a state (the server's database at start, or an earlier snapshot).
 * Each command runs to completion and returns its events; an exception means malformed input or a broken
 * invariant, after which the engine should be rebuilt from the database.
 */
export function createEngine(
  configInput: EngineConfigInput,
  initial?: EngineState,
  options: EngineOptions = {},
): Engine {
  const config = engineConfig(configInput);
  const state: State = initial ? restoreState(config, initial) : createState(config);
  const decidesRisk = options.decidesRisk ?? true;

  function step<C extends { readonly at: EpochMs }>(work: (state: State, cmd: C) => void) {
    return (cmd: C): EngineEvent[] => {
      state.out = [];
      state.forceClosed.clear();
      work(state, cmd);
      if (decidesRisk) evaluateChanged(state, cmd.at);
      else state.dirty.clear();
      const events = state.out;
      state.out = [];
      return events;
    };
  }

  const engine: Engine = {
    get config() {
      return state.config;
    },
    placeOrder: step(placeOrder),
    amendOrder: step(amendOrder),
    cancelOrder: step(cancelOrder),
    closePosition: step(closePosition),
    cancelClose: step(cancelClose),
    setTakeProfitStopLoss: step(setTakeProfitStopLoss),
    onQuote: decidesRisk ? step(onQuote) : step(markQuote),
    accrueDaily: step(accrueDaily),
    expireMarginCalls: step(expireMarginCalls),
    expireOrders: step(expireOrders),
    updateCash: step(updateCash),
    upsertAccount: step(upsertAccount),
    setInstrumentLimits(cmd) {
      const book = state.books.get(cmd.code);
      if (!book) throw new RangeError(`Unknown instrument ${cmd.code}`);
      checkInstrumentLimits(state.config, cmd.limits);
      book.limits = cmd.limits;
      state.config = {
        ...state.config,
        instruments: state.config.instruments.map((instrument) =>
          instrument.code === cmd.code ? { ...instrument, limits: cmd.limits } : instrument,
        ),
      };
      return [];
    },
    execute(command) {
      switch (command.command) {
        case 'placeOrder':
          return engine.placeOrder(command);
        case 'amendOrder':
          return engine.amendOrder(command);
        case 'cancelOrder':
          return engine.cancelOrder(command);
        case 'closePosition':
          return engine.closePosition(command);
        case 'cancelClose':
          return engine.cancelClose(command);
        case 'setTakeProfitStopLoss':
          return engine.setTakeProfitStopLoss(command);
        case 'updateCash':
          return engine.updateCash(command);
        case 'upsertAccount':
          return engine.upsertAccount(command);
        case 'accrueDaily':
          return engine.accrueDaily(command);
        case 'expireMarginCalls':
          return engine.expireMarginCalls(command);
        case 'expireOrders':
          return engine.expireOrders(command);
        case 'setInstrumentLimits':
          return engine.setInstrumentLimits(command);
        case 'quote':
          return engine.onQuote(command);
      }
    },
    previewOrder: (cmd) => previewOrder(state, cmd),
    previewAmendment: (cmd) => previewAmendment(state, cmd),
    previewClose: (cmd) => previewClose(state, cmd),
    account(accountId) {
      const account = state.accounts.get(accountId);
      if (!account) return undefined;
      const { equity, notional } = measure(account);
      let unrealisedPnl = 0n;
      for (const position of account.positions) unrealisedPnl += pnlAt(position, markOf(position));
      return {
        accountId,
        available: account.available,
        held: account.held,
        margin: account.margin,
        debt: account.debt,
        unrealisedPnl,
        equity,
        openNotional: notional,
        ratioBp: ratioBp(equity, notional),
        marginCall: account.marginCall,
        forcedClosePending: awaitsForcedClose(account),
        kycPassed: account.kycPassed,
        creditScore: account.creditScore,
      };
    },
    snapshot: () => snapshotOf(state),
  };
  return engine;
}

// Properties over random sequences of commands and quotes (any interleaving of any accounts' commands, as
// concurrent requests would arrive one after another at the single engine writer).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Sen } from '@kabuto/contract';
import {
  DEFAULT_MARGIN_RULES,
  isOnTick,
  jstDateOf,
  limitDown,
  limitUp,
  type MarketPhase,
  type Price,
  type TickTable,
} from '@kabuto/market-rules';
import type { EngineCommand } from './commands';
import type { EngineConfigInput } from './config';
import { createEngine, type Engine } from './engine';
import type { EngineEvent, Pocket } from './events';
import { ceilDiv } from './money';
import { propertyRuns } from './property-runs';
import type { EngineState } from './records';
import { CONFIG, SMALL, TOYOTA, at, y } from './test-fixtures';

const RUNS = propertyRuns(200);
const INSTRUMENTS = [
  { ...TOYOTA, bases: [y('2300'), y('2800'), y('3300')] },
  { ...SMALL, bases: [y('100'), y('150'), y('200')] },
];
const ACCOUNTS = ['a', 'b', 'c'] as const;
const PHASES: MarketPhase[] = [
  'pre-open',
  'morning',
  'morning',
  'morning',
  'lunch-break',
  'afternoon',
  'afternoon',
  'closing-auction',
  'after-close',
];
const YEN = 100n;

type Intent =
  | {
      kind: 'quote';
      instrument: number;
      base: number;
      last: number;
      spread: number;
      phase: MarketPhase;
      halted: boolean;
      broken: 'no' | 'off-tick' | 'outside' | 'crossed';
    }
  | {
      kind: 'order';
      account: number;
      instrument: number;
      side: 'long' | 'short';
      type: 'market' | 'limit';
      offset: number;
      offGrid: boolean;
      lots: number;
      leverage: number;
      takeProfit: number | null;
      stopLoss: number | null;
    }
  | { kind: 'cancel'; account: number; pick: number }
  | { kind: 'amend'; account: number; pick: number; offset: number; lots: number }
  | {
      kind: 'close';
      account: number;
      pick: number;
      type: 'market' | 'limit';
      offset: number;
      lots: number | undefined;
    }
  | { kind: 'tpsl'; pick: number; takeProfit: number | null; stopLoss: number | null }
  | { kind: 'cash'; account: number; yen: number }
  | { kind: 'accrue'; days: number }
  | { kind: 'expire' };

const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      instrument: fc.nat(1),
      base: fc.nat(2),
      last: fc.double({ min: 0, max: 1, noNaN: true }),
      spread: fc.nat(3),
      phase: fc.constantFrom(...PHASES),
      halted: fc.constantFrom(false, false, false, false, false, false, false, false, false, true),
      broken: fc.constantFrom('no', 'no', 'no', 'no', 'no', 'no', 'off-tick', 'outside', 'crossed'),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      account: fc.constantFrom(0, 0, 1, 1, 1, 2),
      instrument: fc.nat(1),
      side: fc.constantFrom('long' as const, 'short' as const),
      type: fc.constantFrom('market' as const, 'limit' as const),
      offset: fc.integer({ min: -80, max: 80 }),
      offGrid: fc.constantFrom(false, false, false, false, false, false, false, false, false, true),
      lots: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 1, max: 10 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, 1.5) },
      ),
      leverage: fc.constantFrom(1, 2, 3, 3, 3, 3, 3, 3, 3, 4),
      takeProfit: fc.option(fc.integer({ min: -50, max: 200 })),
      stopLoss: fc.option(fc.integer({ min: -50, max: 200 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), account: fc.nat(2), pick: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('amend' as const),
      account: fc.nat(2),
      pick: fc.nat(),
      offset: fc.integer({ min: -40, max: 40 }),
      lots: fc.integer({ min: 1, max: 12 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      account: fc.nat(2),
      pick: fc.nat(),
      type: fc.constantFrom('market' as const, 'limit' as const),
      offset: fc.integer({ min: -40, max: 40 }),
      // 一部返済 (sometimes of more lots than the position holds, which is refused) or all.
      lots: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('tpsl' as const),
      pick: fc.nat(),
      takeProfit: fc.option(fc.integer({ min: -50, max: 200 })),
      stopLoss: fc.option(fc.integer({ min: -50, max: 200 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cash' as const), account: fc.nat(2), yen: fc.nat(3_000_000) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
);

/**
 * The default levels, and tight ones (margin call at 30%, forced close at 25%, barely below the 33% a 3x
 * position starts at) so that margin calls, forced closes and debts come up in most runs.
 */
const CONFIGS: EngineConfigInput[] = [
  CONFIG,
  { ...CONFIG, margin: { ...DEFAULT_MARGIN_RULES, maintenanceRatioBp: 3_000 }, liquidationRatioBp: 2_500 },
];
const config = fc.nat(1).map((i) => CONFIGS[i]!);

/** A leveraged account trading through wild prices: margin calls, forced closes and debt in most runs. */
const riskyIntent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      instrument: fc.nat(1),
      base: fc.nat(2),
      last: fc.double({ min: 0, max: 1, noNaN: true }),
      spread: fc.nat(2),
      phase: fc.constantFrom(...PHASES),
      halted: fc.constant(false),
      broken: fc.constant('no' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      account: fc.constant(1),
      instrument: fc.nat(1),
      side: fc.constantFrom('long' as const, 'short' as const),
      type: fc.constant('market' as const),
      offset: fc.constant(0),
      offGrid: fc.constant(false),
      lots: fc.integer({ min: 1, max: 3 }),
      leverage: fc.constantFrom(2, 3),
      takeProfit: fc.constant(null),
      stopLoss: fc.constant(null),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cash' as const),
      account: fc.constant(1),
      yen: fc.nat(600_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
);
const anyIntents = fc.oneof(
  fc.array(intent, { minLength: 20, maxLength: 100, size: 'max' }),
  fc.array(riskyIntent, { minLength: 20, maxLength: 100, size: 'max' }),
);

function setup(config: EngineConfigInput): { engine: Engine; commands: EngineCommand[] } {
  const commands: EngineCommand[] = [];
  const cash: Record<(typeof ACCOUNTS)[number], string> = { a: '5000000', b: '400000', c: '1000000' };
  for (const accountId of ACCOUNTS) {
    commands.push({
      command: 'upsertAccount',
      accountId,
      kycPassed: accountId !== 'c',
      creditScore: 100,
      at: 0,
    });
    commands.push({ command: 'updateCash', accountId, available: y(cash[accountId]), at: 0 });
  }
  for (const { code, tickTable, bases } of INSTRUMENTS) {
    const base = bases[1]!;
    const [down, up] = [limitDown(base, tickTable), limitUp(base, tickTable)];
    commands.push({
      command: 'quote',
      code,
      bid: base,
      ask: base,
      last: base,
      limitUp: up,
      limitDown: down,
      phase: 'morning',
      at: 0,
    });
  }
  return { engine: createEngine(config), commands };
}

/** Turns an intent into a concrete command, reading the engine's state for ids and prices. */
function toCommand(step: Intent, index: number, engine: Engine): EngineCommand {
  const time = at('09:00') + index * 97 * 60_000; // about a week over a long run, so dates and deadlines pass
  const state = engine.snapshot();
  const lastOf = (code: string) => state.quotes.find((q) => q.code === code)?.last ?? y('150');
  const priced = (price: Price, offset: number, offGrid = false) => {
    const moved = price + BigInt(offset) * YEN + (offGrid ? 1n : 0n);
    return moved > 0n ? moved : 1n;
  };
  switch (step.kind) {
    case 'quote': {
      const instrument = INSTRUMENTS[step.instrument]!;
      const base = instrument.bases[step.base]!;
      const down = limitDown(base, instrument.tickTable);
      const up = limitUp(base, instrument.tickTable);
      // Whole yen are on both grids in these ranges.
      const span = (up - down) / YEN;
      const last = down + BigInt(Math.floor(step.last * Number(span))) * YEN;
      const spread = BigInt(step.spread) * YEN;
      let bid = last - spread < down ? down : last - spread;
      let ask = last + spread > up ? up : last + spread;
      if (step.broken === 'off-tick') bid += 1n;
      if (step.broken === 'outside') ask = up + YEN;
      if (step.broken === 'crossed') bid = ask + YEN;
      return {
        command: 'quote',
        code: instrument.code,
        bid,
        ask,
        last,
        limitUp: up,
        limitDown: down,
        phase: step.phase,
        halted: step.halted,
        at: time,
      };
    }
    case 'order': {
      const code = INSTRUMENTS[step.instrument]!.code;
      const reference = lastOf(code);
      const price = priced(reference, step.offset, step.offGrid);
      const trigger = (offset: number | null, sign: 1 | -1) =>
        offset === null ? null : priced(reference, sign * offset);
      const up = step.side === 'long' ? 1 : -1;
      return {
        command: 'placeOrder',
        orderId: `o${index}`,
        accountId: ACCOUNTS[step.account]!,
        code,
        side: step.side,
        type: step.type,
        ...(step.type === 'limit' ? { price } : {}),
        lots: step.lots,
        leverage: step.leverage,
        takeProfit: trigger(step.takeProfit, up),
        stopLoss: trigger(step.stopLoss, up === 1 ? -1 : 1),
        at: time,
      };
    }
    case 'cancel': {
      const order = state.orders[step.pick % Math.max(1, state.orders.length)];
      return {
        command: 'cancelOrder',
        accountId: step.pick % 4 === 0 ? ACCOUNTS[step.account]! : (order?.accountId ?? 'a'),
        orderId: order?.id ?? 'none',
        at: time,
      };
    }
    case 'amend': {
      const order = state.orders[step.pick % Math.max(1, state.orders.length)];
      return {
        command: 'amendOrder',
        accountId: step.pick % 4 === 0 ? ACCOUNTS[step.account]! : (order?.accountId ?? 'a'),
        orderId: order?.id ?? 'none',
        newOrderId: `o${index}`,
        price: priced(order?.limitPrice ?? (order ? lastOf(order.code) : y('150')), step.offset),
        lots: step.lots,
        at: time,
      };
    }
    case 'close': {
      const position = state.positions[step.pick % Math.max(1, state.positions.length)];
      const price = priced(position ? lastOf(position.code) : y('150'), step.offset);
      return {
        command: 'closePosition',
        accountId: step.pick % 5 === 0 ? ACCOUNTS[step.account]! : (position?.accountId ?? 'a'),
        positionId: position?.id ?? 'none',
        type: step.type,
        ...(step.type === 'limit' ? { price } : {}),
        ...(step.lots === undefined ? {} : { lots: step.lots, partId: `p${index}` }),
        at: time,
      };
    }
    case 'tpsl': {
      const position = state.positions[step.pick % Math.max(1, state.positions.length)];
      const reference = position ? lastOf(position.code) : y('150');
      const up = position?.side === 'short' ? -1 : 1;
      return {
        command: 'setTakeProfitStopLoss',
        accountId: position?.accountId ?? 'a',
        positionId: position?.id ?? 'none',
        takeProfit: step.takeProfit === null ? null : priced(reference, up * step.takeProfit),
        stopLoss: step.stopLoss === null ? null : priced(reference, -up * step.stopLoss),
        at: time,
      };
    }
    case 'cash':
      return {
        command: 'updateCash',
        accountId: ACCOUNTS[step.account]!,
        available: BigInt(step.yen) * YEN,
        at: time,
      };
    case 'accrue':
      return { command: 'accrueDaily', date: jstDateOf(time), days: step.days, at: time };
    case 'expire':
      return { command: 'expireMarginCalls', date: jstDateOf(time), at: time };
  }
}

/** The ledger as the server would keep it: every transfer applied, and cash updates as money from outside. */
class LedgerModel {
  readonly pockets = new Map<string, Sen>();
  external = 0n;

  private add(key: string, amount: Sen) {
    this.pockets.set(key, (this.pockets.get(key) ?? 0n) + amount);
  }

  apply(events: readonly EngineEvent[]) {
    for (const event of events) {
      if (event.type === 'CashUpdated') {
        this.add(`${event.accountId}:available`, event.available - event.previous);
        this.external += event.available - event.previous;
      }
      if (!('transfers' in event)) continue;
      for (const { from, to, amount } of event.transfers) {
        expect(amount).toBeGreaterThan(0n);
        this.add(this.key(event.accountId, from), -amount);
        this.add(this.key(event.accountId, to), amount);
      }
    }
  }

  key(accountId: string, pocket: Pocket) {
    return ['available', 'held', 'margin', 'debt'].includes(pocket)
      ? `${accountId}:${pocket}`
      : `house:${pocket}`;
  }

  get(key: string): Sen {
    return this.pockets.get(key) ?? 0n;
  }

  total(): Sen {
    let sum = 0n;
    for (const amount of this.pockets.values()) sum += amount;
    return sum;
  }
}

/**
 * The resting limit closes as the server would record them from the events alone: each one ends exactly once,
 * filled (PositionClosed by that limit) or withdrawn (CloseCancelled naming its limit), before whatever replaces
 * or overtakes it. The investor's history of closes rests on this.
 */
class RestingClosesModel {
  readonly resting = new Map<string, Price>();

  apply(events: readonly EngineEvent[]) {
    for (const event of events) {
      if (event.type === 'CloseRequested') {
        expect(this.resting.has(event.positionId)).toBe(false);
        if (event.status === 'limit-closing') this.resting.set(event.positionId, event.limitPrice!);
      }
      if (event.type === 'CloseCancelled') {
        expect(this.resting.get(event.positionId)).toBe(event.limitPrice);
        this.resting.delete(event.positionId);
      }
      if (event.type === 'ForcedClose') expect(this.resting.has(event.positionId)).toBe(false);
      // 一部返済 filled: the part closes by the limit that rested on its position.
      if (event.type === 'PositionSplit') {
        const limit = this.resting.get(event.positionId);
        this.resting.delete(event.positionId);
        if (limit !== undefined) this.resting.set(event.partId, limit);
      }
      if (event.type === 'PositionClosed') {
        const limit = this.resting.get(event.positionId);
        if (limit !== undefined) expect(event.closedByLimit?.price).toBe(limit);
        this.resting.delete(event.positionId);
      }
    }
  }

  /** The model's resting closes are the engine's. */
  matches(state: EngineState) {
    const engineResting = state.positions
      .filter((position) => position.status === 'limit-closing')
      .map((position) => [position.id, position.closeLimit] as const);
    expect(new Map(engineResting)).toEqual(this.resting);
  }
}

const tableOf = (code: string): TickTable => INSTRUMENTS.find((i) => i.code === code)!.tickTable;
const sum = (amounts: readonly Sen[]) => amounts.reduce((a, b) => a + b, 0n);

/** Every invariant, after one step, from the outside: events, snapshot, account views. */
function checkStep(
  engine: Engine,
  events: readonly EngineEvent[],
  before: EngineState,
  ledger: LedgerModel,
  closes: RestingClosesModel,
) {
  const state = engine.snapshot();
  const quoteOf = (code: string) => state.quotes.find((q) => q.code === code)!;

  // Bad input changes nothing.
  if (events.length === 1 && (events[0]!.type === 'Rejected' || events[0]!.type === 'QuoteRejected')) {
    expect(state).toEqual(before);
  }

  for (const event of events) {
    // No fill off the tick grid or beyond the day's limits.
    const price =
      event.type === 'OrderFilled' ? event.price : event.type === 'PositionClosed' ? event.exitPrice : null;
    if (price !== null && (event.type === 'OrderFilled' || event.type === 'PositionClosed')) {
      const quote = quoteOf(event.code);
      expect(isOnTick(price, tableOf(event.code))).toBe(true);
      expect(price >= quote.limitDown && price <= quote.limitUp).toBe(true);
    }
    // Each event's amounts are what its transfers move.
    if (event.type === 'OrderFilled') {
      const into = (pocket: Pocket) =>
        sum(event.transfers.filter((t) => t.to === pocket).map((t) => t.amount));
      expect(into('margin')).toBe(event.margin);
      expect(into('fee_income')).toBe(event.fee);
    }
    // 一部返済: the lots and margin of the part and the rest add up to the position's; the part is closed.
    if (event.type === 'PositionSplit') {
      const was = before.positions.find((p) => p.id === event.positionId)!;
      expect(event.lots + event.remainingLots).toBe(was.lots);
      expect(event.lots > 0 && event.remainingLots > 0).toBe(true);
      const rest = state.positions.find((p) => p.id === event.positionId);
      if (rest) {
        expect(rest.lots).toBe(event.remainingLots);
        expect(rest.margin + event.margin).toBe(was.margin);
        expect([rest.status, rest.closeLots]).toEqual(['holding', null]);
      }
      expect(state.positions.some((p) => p.id === event.partId)).toBe(false);
      const closed = events.find((e) => e.type === 'PositionClosed' && e.positionId === event.partId);
      expect(closed).toMatchObject({ lots: event.lots, marginReleased: event.margin, reason: 'user' });
    }
    if (event.type === 'PositionClosed') {
      const flow = (pocket: Pocket) =>
        sum(event.transfers.filter((t) => t.from === pocket).map((t) => t.amount)) -
        sum(event.transfers.filter((t) => t.to === pocket).map((t) => t.amount));
      expect(flow('counterparty')).toBe(event.realisedPnl);
      expect(-flow('fee_income')).toBe(event.fee);
      expect(flow('margin')).toBe(event.marginReleased);
      expect(-flow('debt')).toBe(-event.shortfall);
    }
  }

  ledger.apply(events);
  for (const account of state.accounts) {
    const view = engine.account(account.id)!;
    // Cash never below zero; debt never above.
    expect(view.available >= 0n && view.held >= 0n && view.margin >= 0n && view.debt <= 0n).toBe(true);
    // The ledger model, fed only the events, agrees with the engine pocket by pocket.
    expect([view.available, view.held, view.margin, view.debt]).toEqual(
      (['available', 'held', 'margin', 'debt'] as const).map((pocket) =>
        ledger.get(`${account.id}:${pocket}`),
      ),
    );
    const orders = state.orders.filter((o) => o.accountId === account.id);
    const positions = state.positions.filter((p) => p.accountId === account.id);
    expect(view.held).toBe(sum(orders.map((o) => o.heldMargin + o.heldFee)));
    expect(view.margin).toBe(sum(positions.map((p) => p.margin)));
    // The equity identity: cash + held + margin + debt + unrealised P&L at the last prices.
    const unrealised = sum(
      positions.map((p) => {
        const mark = state.quotes.find((q) => q.code === p.code)?.last ?? p.entryPrice;
        const gain = (mark - p.entryPrice) * BigInt(p.lots * 100);
        return p.side === 'long' ? gain : -gain;
      }),
    );
    expect(view.unrealisedPnl).toBe(unrealised);
    expect(view.equity).toBe(view.available + view.held + view.margin + view.debt + unrealised);
  }
  // No position without its margin posted.
  for (const position of state.positions) {
    const notional = position.entryPrice * BigInt(position.lots * 100);
    expect(position.margin >= ceilDiv(notional, BigInt(position.leverage))).toBe(true);
    expect(Number.isSafeInteger(position.lots) && position.lots > 0).toBe(true);
  }
  // Money is neither made nor lost: users' and house pockets together hold what came from outside.
  expect(ledger.total()).toBe(ledger.external);
  closes.apply(events);
  closes.matches(state);
}

/** Runs intents on a fresh engine, checking every step; returns the commands and each step's events. */
function run(config: EngineConfigInput, intents: readonly Intent[], check = true) {
  const { engine, commands: setupCommands } = setup(config);
  const ledger = new LedgerModel();
  const closes = new RestingClosesModel();
  const commands: EngineCommand[] = [];
  const outputs: EngineEvent[][] = [];
  const snapshots: EngineState[] = [];
  for (const command of setupCommands) {
    commands.push(command);
    snapshots.push(engine.snapshot());
    const events = engine.execute(command);
    ledger.apply(events);
    closes.apply(events);
    outputs.push(events);
  }
  intents.forEach((step, index) => {
    const command = toCommand(step, index, engine);
    const before = engine.snapshot();
    snapshots.push(before);
    const events = engine.execute(command);
    if (check) checkStep(engine, events, before, ledger, closes);
    commands.push(command);
    outputs.push(events);
  });
  return { engine, commands, outputs, snapshots };
}

describe('engine properties', () => {
  it('hold the money, grid, margin and equity invariants after any sequence of commands and ticks', () => {
    fc.assert(
      fc.property(config, anyIntents, (config, intents) => {
        run(config, intents);
      }),
      { numRuns: RUNS },
    );
  });

  it('decide the same way when replayed, and when restored from a snapshot at any point', () => {
    fc.assert(
      fc.property(config, anyIntents, fc.nat(), (config, intents, cut) => {
        const first = run(config, intents, false);
        const { engine: replayed } = setup(config);
        expect(first.commands.map((command) => replayed.execute(command))).toEqual(first.outputs);
        expect(replayed.snapshot()).toEqual(first.engine.snapshot());

        const from = cut % first.commands.length;
        const restored = createEngine(config, first.snapshots[from]!);
        expect(first.commands.slice(from).map((command) => restored.execute(command))).toEqual(
          first.outputs.slice(from),
        );
        expect(restored.snapshot()).toEqual(first.engine.snapshot());
      }),
      { numRuns: RUNS },
    );
  });

  it('never hold more than an account has, however its orders interleave', () => {
    const order = fc.record({
      side: fc.constantFrom('long' as const, 'short' as const),
      type: fc.constantFrom('market' as const, 'limit' as const),
      lots: fc.integer({ min: 1, max: 8 }),
      leverage: fc.constantFrom(1, 2, 3),
      offset: fc.integer({ min: -20, max: 20 }),
      cancel: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 1, maxLength: 40 }),
        fc.constantFrom<MarketPhase>('morning', 'pre-open'),
        (orders, phase) => {
          const engine = createEngine(CONFIG);
          engine.upsertAccount({ accountId: 'a', kycPassed: true, creditScore: 100, at: 0 });
          engine.updateCash({ accountId: 'a', available: y('1000000'), at: 0 });
          const base = { code: TOYOTA.code, limitUp: y('3300'), limitDown: y('2300'), phase, at: 1 };
          engine.onQuote({ ...base, bid: y('2800'), ask: y('2801'), last: y('2800') });
          let feesPaid = 0n;
          orders.forEach((o, i) => {
            const events = engine.placeOrder({
              orderId: `o${i}`,
              accountId: 'a',
              code: TOYOTA.code,
              side: o.side,
              type: o.type,
              ...(o.type === 'limit' ? { price: y('2800') + BigInt(o.offset) * YEN } : {}),
              lots: o.lots,
              leverage: o.leverage,
              at: 2 + i,
            });
            if (o.cancel && i > 0) engine.cancelOrder({ accountId: 'a', orderId: `o${i - 1}`, at: 2 + i });
            feesPaid += sum(events.flatMap((e) => (e.type === 'OrderFilled' ? [e.fee] : [])));
            const view = engine.account('a')!;
            expect(view.available >= 0n).toBe(true);
            // Prices have not moved: what is available, held and posted is the cash less the fees paid.
            expect(view.available + view.held + view.margin + feesPaid).toBe(y('1000000'));
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

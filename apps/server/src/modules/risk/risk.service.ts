import { engineConfig } from '@kabuto/engine';
import { SHARES_PER_LOT } from '@kabuto/market-rules';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { StaffActor } from '../../platform/routes';
import { recordAudit } from '../audit';
import { instrumentLimitsOf, marketOf, type InstrumentRow } from '../market';
import { quoteFromFeed, tradingOf } from '../trading';
import {
  haltStates,
  instrumentForUpdate,
  instrumentsByCode,
  limitStates,
  openPositionTotals,
  setInstrumentHalted,
  setInstrumentLimits,
  tradingTotals,
  type StoredLimits,
} from './risk.repository';

/** The price the house marks `code` at: the engine's last, else the feed's. */
export async function markOf(ctx: AppContext, code: string): Promise<bigint | null> {
  const engine = tradingOf(ctx).markOf(code);
  if (engine !== null) return engine;
  return (await marketOf(ctx).feed()).quote(code)?.last ?? null;
}

const HALTS = 'market.instrument-halted';

/** This node's feed and engine take a stored halt (or resume) of `code`. */
async function applyHalt(ctx: AppContext, code: string, halted: boolean): Promise<void> {
  const market = marketOf(ctx);
  const feed = await market.setHalted(code, halted);
  const quote = quoteFromFeed(feed, market.clock, code, ctx.clock.now());
  if (quote) await tradingOf(ctx).applyQuote(quote);
}

/** Per server: the halt or resume under way, which the next one waits for. */
const halts = new WeakMap<AppContext, Promise<unknown>>();

function oneAtATime<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  const run = (halts.get(ctx) ?? Promise.resolve()).then(work);
  halts.set(
    ctx,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Every node applies the instrument states (halts, limits) another node stored. The bus message only names the
 * code: the state comes from the database, so a late or repeated message (a node hears its own through Redis
 * too) cannot undo a later change. After a gap in the bus (messages may have been missed) every instrument is
 * compared with the database. Changes are applied one at a time, with the halts and limits staff set here.
 */
function followStored<Row extends { code: string }>(
  ctx: AppContext,
  follow: {
    channel: string;
    what: string;
    stored: (code?: string) => Promise<Row[]>;
    differs: (known: InstrumentRow | undefined, stored: Row) => boolean;
    apply: (stored: Row) => Promise<void>;
  },
): void {
  const failed = (error: unknown) =>
    ctx.log.error({ err: error }, `risk: ${follow.what} could not be applied`);
  const applyStored = (code?: string) =>
    oneAtATime(ctx, async () => {
      const known = new Map((await marketOf(ctx).instruments()).map((row) => [row.code, row]));
      for (const row of await follow.stored(code))
        if (follow.differs(known.get(row.code), row)) await follow.apply(row);
    });
  ctx.bus.subscribe(follow.channel, (code) => void applyStored(code).catch(failed));
  ctx.bus.onGap(() => void applyStored().catch(failed));
}

export function followHalts(ctx: AppContext): void {
  followStored(ctx, {
    channel: HALTS,
    what: 'a halt',
    stored: (code) => haltStates(ctx.db, code),
    differs: (known, stored) => known?.halted !== stored.halted,
    apply: (stored) => applyHalt(ctx, stored.code, stored.halted),
  });
}

/**
 * Halts or resumes `code` for the house: stored with its audit row in one transaction, then the feed stops (or
 * starts) trading it and the engine is given its quote at once, so new orders are refused from this moment
 * (INSTRUMENT_HALTED) and nothing fills; on resume the engine opens it with an auction at the next quote.
 * Halts run one at a time, so the feed and the engine end in the state the last commit stored.
 */
export function setHalted(
  ctx: AppContext,
  actor: StaffActor,
  input: { code: string; halted: boolean; reason: string; ip: string | null },
): Promise<InstrumentRow> {
  return oneAtATime(ctx, async () => {
    const market = marketOf(ctx);
    await market.ready();
    const row = await ctx.transact(async (tx) => {
      const before = await instrumentForUpdate(tx.db, input.code);
      if (!before) throw fail('INSTRUMENT_NOT_FOUND');
      if (before.halted === input.halted)
        throw fail(input.halted ? 'INSTRUMENT_ALREADY_HALTED' : 'INSTRUMENT_NOT_HALTED');
      await setInstrumentHalted(tx.db, input.code, input.halted);
      await recordAudit(tx.db, {
        staffId: actor.staffId,
        action: input.halted ? 'instrument.halt' : 'instrument.resume',
        targetKind: 'instrument',
        targetId: input.code,
        reason: input.reason,
        before: { halted: before.halted },
        after: { halted: input.halted },
        ip: input.ip,
        at: ctx.clock.now(),
      });
      return { ...before, halted: input.halted };
    });
    await applyHalt(ctx, input.code, input.halted);
    // The other nodes apply it too (this one hears its own message and finds nothing to change).
    await ctx.bus.publish(HALTS, input.code);
    return row;
  });
}

const LIMITS = 'market.instrument-limits';

const sameLimits = (a: StoredLimits, b: StoredLimits) =>
  a.max_leverage === b.max_leverage &&
  a.max_lots_per_order === b.max_lots_per_order &&
  a.max_open_lots === b.max_open_lots &&
  a.shortable === b.shortable;

const storedLimitsOf = (row: StoredLimits): StoredLimits => ({
  max_leverage: row.max_leverage,
  max_lots_per_order: row.max_lots_per_order,
  max_open_lots: row.max_open_lots,
  shortable: row.shortable,
});

/** This node's instrument list and engine take stored limits of `code` (new orders only). */
async function applyLimits(ctx: AppContext, code: string, limits: StoredLimits): Promise<void> {
  await marketOf(ctx).setLimits(code, limits);
  await tradingOf(ctx).setInstrumentLimits(code, instrumentLimitsOf(limits));
}

export function followLimits(ctx: AppContext): void {
  followStored(ctx, {
    channel: LIMITS,
    what: 'instrument limits',
    stored: (code) => limitStates(ctx.db, code),
    differs: (known, stored) => known !== undefined && !sameLimits(known, stored),
    apply: (stored) => applyLimits(ctx, stored.code, storedLimitsOf(stored)),
  });
}

export interface LimitsInput {
  code: string;
  maxLeverage: number | null;
  maxLotsPerOrder: number | null;
  maxOpenLots: number | null;
  shortable: boolean;
  reason: string;
  ip: string | null;
}

/**
 * Sets the house's limits on new orders in `code`: stored with its audit row (before and after) in one
 * transaction, then this node's engine applies them and the other nodes are told. Open positions and resting
 * orders are not touched; only orders placed from then on are checked (docs/trading.md, "Instrument limits").
 */
export function setLimits(ctx: AppContext, actor: StaffActor, input: LimitsInput): Promise<InstrumentRow> {
  const settings = tradingSettings(ctx);
  if (input.maxLeverage !== null && !settings.leverages.includes(input.maxLeverage))
    throw fail('INSTRUMENT_LIMIT_LEVERAGE_INVALID');
  if (input.maxLotsPerOrder !== null && input.maxLotsPerOrder > settings.maxLotsPerOrder)
    throw fail('INSTRUMENT_LIMIT_LOTS_INVALID');
  const after: StoredLimits = {
    max_leverage: input.maxLeverage,
    max_lots_per_order: input.maxLotsPerOrder,
    max_open_lots: input.maxOpenLots,
    shortable: input.shortable,
  };
  return oneAtATime(ctx, async () => {
    await marketOf(ctx).ready();
    const row = await ctx.transact(async (tx) => {
      const before = await instrumentForUpdate(tx.db, input.code);
      if (!before) throw fail('INSTRUMENT_NOT_FOUND');
      if (sameLimits(before, after)) throw fail('INSTRUMENT_LIMITS_UNCHANGED');
      await setInstrumentLimits(tx.db, input.code, after);
      await recordAudit(tx.db, {
        staffId: actor.staffId,
        action: 'instrument.limits',
        targetKind: 'instrument',
        targetId: input.code,
        reason: input.reason,
        before: instrumentLimitsOf(before),
        after: instrumentLimitsOf(after),
        ip: input.ip,
        at: ctx.clock.now(),
      });
      return { ...before, ...after };
    });
    await applyLimits(ctx, input.code, after);
    await ctx.bus.publish(LIMITS, input.code);
    return row;
  });
}

const shares = (lots: bigint) => lots * BigInt(SHARES_PER_LOT);

/**
 * Per code: the clients' open long and short shares, their notional at the mark and the clients' unrealised
 * P&L (the house, their counterparty, holds the opposite); totals with the realised P&L of closed positions.
 */
export async function exposure(ctx: AppContext) {
  const [lines, totals] = await Promise.all([openPositionTotals(ctx.db), tradingTotals(ctx.db)]);
  const codes = [...new Set(lines.map((line) => line.code))].sort();
  const names = new Map((await instrumentsByCode(ctx.db, codes)).map((row) => [row.code, row]));
  let longNotional = 0n;
  let shortNotional = 0n;
  let unrealised = 0n;
  let unpriced = 0;
  let openPositions = 0;
  const items = await Promise.all(
    codes.map(async (code) => {
      const long = lines.find((line) => line.code === code && line.side === 'long');
      const short = lines.find((line) => line.code === code && line.side === 'short');
      const longShares = shares(long?.lots ?? 0n);
      const shortShares = shares(short?.lots ?? 0n);
      const positions = (long?.positions ?? 0) + (short?.positions ?? 0);
      const mark = await markOf(ctx, code);
      const priced =
        mark === null
          ? null
          : {
              long: longShares * mark,
              short: shortShares * mark,
              // long: (mark - entry) × shares; short: (entry - mark) × shares.
              pnl:
                longShares * mark -
                shares(long?.entryValue ?? 0n) +
                shares(short?.entryValue ?? 0n) -
                shortShares * mark,
            };
      openPositions += positions;
      if (priced) {
        longNotional += priced.long;
        shortNotional += priced.short;
        unrealised += priced.pnl;
      } else unpriced += positions;
      const name = names.get(code);
      return {
        code,
        nameJa: name?.name_ja ?? code,
        nameEn: name?.name_en ?? code,
        halted: name?.halted ?? false,
        last: mark,
        longShares,
        shortShares,
        netShares: longShares - shortShares,
        longNotional: priced?.long ?? null,
        shortNotional: priced?.short ?? null,
        netNotional: priced ? priced.long - priced.short : null,
        clientUnrealisedPnl: priced?.pnl ?? null,
        positions,
      };
    }),
  );
  return {
    items,
    totals: {
      longNotional,
      shortNotional,
      netNotional: longNotional - shortNotional,
      clientUnrealisedPnl: unrealised,
      clientRealisedPnl: totals.realised,
      openPositions,
      openOrders: totals.openOrders,
      unpriced,
    },
  };
}

/** The engine's settings as this server runs them: TRADING_* over the engine's defaults. */
export function tradingSettings(ctx: AppContext) {
  return engineConfig({ ...ctx.config.trading, instruments: [] });
}

// Shared by the engine's tests: a two-instrument universe, quotes in yen, and accounts with cash.
import { decimalToSen } from '@kabuto/contract';
import {
  jstInstant,
  limitDown,
  limitUp,
  type MarketPhase,
  type Price,
  type TickTable,
} from '@kabuto/market-rules';
import type { EngineConfigInput } from './config';
import { createEngine, type Engine } from './engine';
import type { EngineEvent } from './events';
import type { Quote } from './records';

/** "2800.5" yen as sen. */
export function y(text: string): Price {
  const sen = decimalToSen(text);
  if (sen === null) throw new Error(`bad amount ${text}`);
  return sen;
}

/** Toyota: TOPIX500 ticks (0.5 yen up to 3,000), limits 2,300-3,300 from a 2,800 base. */
export const TOYOTA = { code: '7203', tickTable: 'topix500' as TickTable, base: y('2800') };
/** A small stock on the other table: 1 yen ticks, limits 100-200 from a 150 base. */
export const SMALL = { code: '9999', tickTable: 'other' as TickTable, base: y('150') };
export const INSTRUMENTS = [TOYOTA, SMALL];

export const TODAY = '2026-11-24';
export const at = (time: string, date = TODAY) => jstInstant(date, time);

export function quote(
  instrument: { code: string; tickTable: TickTable; base: Price },
  prices: { bid: string; ask: string; last?: string },
  options: { phase?: MarketPhase; halted?: boolean; at?: number } = {},
): Quote {
  return {
    code: instrument.code,
    bid: y(prices.bid),
    ask: y(prices.ask),
    last: y(prices.last ?? prices.bid),
    limitUp: limitUp(instrument.base, instrument.tickTable),
    limitDown: limitDown(instrument.base, instrument.tickTable),
    phase: options.phase ?? 'morning',
    ...(options.halted === undefined ? {} : { halted: options.halted }),
    at: options.at ?? at('10:00'),
  };
}

export const CONFIG: EngineConfigInput = {
  instruments: INSTRUMENTS.map(({ code, tickTable }) => ({ code, tickTable })),
};

/** An engine with accounts (KYC passed, credit score 100 unless told) holding the given cash in yen. */
export function engineWith(
  accounts: Record<string, string>,
  options: { config?: Partial<EngineConfigInput>; kyc?: boolean; creditScore?: number } = {},
): Engine {
  const engine = createEngine({ ...CONFIG, ...options.config });
  for (const [accountId, cash] of Object.entries(accounts)) {
    engine.upsertAccount({
      accountId,
      kycPassed: options.kyc ?? true,
      creditScore: options.creditScore ?? 100,
      at: at('08:00'),
    });
    engine.updateCash({ accountId, available: y(cash), at: at('08:00') });
  }
  return engine;
}

export function ofType<T extends EngineEvent['type']>(
  events: readonly EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }>[] {
  return events.filter((event): event is Extract<EngineEvent, { type: T }> => event.type === type);
}

export function only<T extends EngineEvent['type']>(
  events: readonly EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }> {
  const found = ofType(events, type);
  if (found.length !== 1)
    throw new Error(`expected one ${type}, got ${found.length}: ${events.map((e) => e.type)}`);
  return found[0]!;
}

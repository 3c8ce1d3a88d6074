import type { Sen } from '@kabuto/contract';
import type { AccrueDaily, ExpireMarginCalls } from './commands';
import type { EngineConfig } from './config';
import type { Transfer } from './events';
import { interestFor } from './money';
import { charge } from './pockets';
import { evaluate } from './risk';
import type { Side } from './records';
import { bySeq, type State } from './state';
import { requireCalendarDate } from './validity';

/** What a position is charged daily: interest on a leveraged long, the borrow fee on a short. */
export interface DailyCharge {
  readonly kind: 'long_interest' | 'short_borrow_fee';
  /** What the rate applies to. */
  readonly base: Sen;
  readonly rateBpPerYear: number;
}

/**
 * What a position of `notional` with `margin` pays per day: a leveraged long pays interest on the financed
 * part (notional - margin, nothing at 1x), a short pays the borrow fee on its notional at any leverage.
 */
export function dailyChargeFor(
  side: Side,
  notional: Sen,
  margin: Sen,
  config: Pick<EngineConfig, 'longInterestBpPerYear' | 'shortBorrowFeeBpPerYear'>,
): DailyCharge | null {
  if (side === 'short') {
    return { kind: 'short_borrow_fee', base: notional, rateBpPerYear: config.shortBorrowFeeBpPerYear };
  }
  const financed = notional - margin;
  return financed > 0n
    ? { kind: 'long_interest', base: financed, rateBpPerYear: config.longInterestBpPerYear }
    : null;
}

/**
 * Charges every open position `days` days of interest or borrow fee, each rounded down to the sen on its
 * own. A date at or before the last accrual's charges nothing, so a retried call is harmless.
 */
export function accrueDaily(state: State, cmd: AccrueDaily): void {
  requireCalendarDate(cmd.date);
  const days = cmd.days ?? 1;
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`Not a number of days: ${days}`);
  if (state.lastAccrualDate !== null && cmd.date <= state.lastAccrualDate) return;
  state.lastAccrualDate = cmd.date;
  for (const position of [...state.positions.values()].sort(bySeq)) {
    const daily = dailyChargeFor(position.side, position.entryNotional, position.margin, state.config);
    if (!daily) continue;
    const amount = interestFor(daily.base, daily.rateBpPerYear, days, state.config.daysPerYear);
    if (amount === 0n) continue;
    const transfers: Transfer[] = [];
    const shortfall = charge(position.account, 'interest_income', amount, transfers);
    position.interest += amount;
    state.out.push({
      type: 'InterestCharged',
      accountId: position.account.id,
      positionId: position.id,
      kind: daily.kind,
      date: cmd.date,
      days,
      base: daily.base,
      rateBpPerYear: daily.rateBpPerYear,
      amount,
      shortfall,
      transfers,
      at: cmd.at,
    });
    state.dirty.add(position.account);
  }
}

/**
 * Margin calls whose deadline is before `date`: lifted if the ratio is back at the maintenance level,
 * otherwise positions are closed worst first until it is.
 */
export function expireMarginCalls(state: State, cmd: ExpireMarginCalls): void {
  requireCalendarDate(cmd.date);
  const due = [...state.accounts.values()]
    .filter((account) => account.marginCall !== null && account.marginCall.deadline < cmd.date)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const account of due) evaluate(state, account, cmd.at, { mayClear: true, deadlinePassed: true });
}

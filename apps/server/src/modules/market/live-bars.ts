import { jstDateOf, jstInstant } from '@kabuto/market-rules';
import type { BarValue } from './bars';
import type { Trade } from './feed';
import type { BarRecord } from './market.repository';

/**
 * The 1-minute and daily bars the feed's trades are building now. A minute bar is written once it is complete;
 * the day's bar is written with it (so at most once a minute) and read from here in between.
 */
export class LiveBars {
  private readonly minutes = new Map<string, BarValue>();
  private readonly days = new Map<string, BarValue>();
  private completed: BarRecord[] = [];
  private readonly changedDays = new Set<string>();

  /** Today's stored daily bar of an instrument, to continue after a restart. */
  resumeDay(code: string, bar: BarValue): void {
    this.days.set(code, { ...bar });
  }

  add(trade: Trade): void {
    const minuteStart = trade.at - (trade.at % 60_000);
    const minute = this.minutes.get(trade.code);
    if (minute && minute.start !== minuteStart) {
      this.completed.push({ code: trade.code, interval: '1m', ...minute });
      this.changedDays.add(trade.code);
    }
    this.minutes.set(
      trade.code,
      extend(minute?.start === minuteStart ? minute : undefined, minuteStart, trade),
    );

    const dayStart = jstInstant(jstDateOf(trade.at), '00:00');
    const day = this.days.get(trade.code);
    if (day && day.start !== dayStart) this.completed.push({ code: trade.code, interval: '1d', ...day });
    this.days.set(trade.code, extend(day?.start === dayStart ? day : undefined, dayStart, trade));
  }

  /** Completes the minute bars that began before `now`'s minute, so a session's last minute is written on time. */
  closeMinutesBefore(now: number): void {
    const minuteStart = now - (now % 60_000);
    for (const [code, minute] of this.minutes) {
      if (minute.start >= minuteStart) continue;
      this.completed.push({ code, interval: '1m', ...minute });
      this.changedDays.add(code);
      this.minutes.delete(code);
    }
  }

  /** The bars to write now: completed minutes (and finished days), and the current day of each instrument they belong to. */
  drain(): BarRecord[] {
    const out = this.completed;
    this.completed = [];
    for (const code of this.changedDays) {
      const day = this.days.get(code);
      if (day) out.push({ code, interval: '1d', ...day });
    }
    this.changedDays.clear();
    return out;
  }

  currentMinute(code: string): BarValue | undefined {
    return this.minutes.get(code);
  }

  currentDay(code: string): BarValue | undefined {
    return this.days.get(code);
  }
}

function extend(bar: BarValue | undefined, start: number, trade: Trade): BarValue {
  const value = trade.price * trade.shares;
  if (!bar)
    return {
      start,
      open: trade.price,
      high: trade.price,
      low: trade.price,
      close: trade.price,
      volume: trade.shares,
      turnover: value,
    };
  return {
    start,
    open: bar.open,
    high: trade.price > bar.high ? trade.price : bar.high,
    low: trade.price < bar.low ? trade.price : bar.low,
    close: trade.price,
    volume: bar.volume + trade.shares,
    turnover: bar.turnover + value,
  };
}

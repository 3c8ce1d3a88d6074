/** A token bucket: up to `burst` at once, refilled at `perSecond`, never beyond the burst. */
export class Allowance {
  private left: number;
  private at = 0;

  constructor(
    readonly burst: number,
    readonly perSecond: number,
  ) {
    this.left = burst;
  }

  /** What may be taken at `now`. A clock stepped back refills nothing, rather than taking from what is left. */
  available(now: number): number {
    const refilled = (Math.max(0, now - this.at) / 1000) * this.perSecond;
    this.left = Math.min(this.burst, this.left + refilled);
    this.at = now;
    return this.left;
  }

  /** Full again: forgetting it changes nothing. */
  full(now: number): boolean {
    return this.available(now) >= this.burst;
  }

  private spend(count: number) {
    this.left -= count;
  }

  /** Takes `count` from every one of `allowances`, or (when any is short) from none of them. */
  static takeFromAll(allowances: readonly Allowance[], count: number, now: number): boolean {
    if (allowances.some((allowance) => allowance.available(now) < count)) return false;
    for (const allowance of allowances) allowance.spend(count);
    return true;
  }
}

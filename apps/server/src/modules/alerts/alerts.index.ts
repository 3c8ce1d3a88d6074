import type { AppContext } from '../../platform/context';
import { waitingAlertCodes } from './alerts.repository';

/** Every node hears it after a commit that added, removed or triggered alerts (its own included). */
const ALERTS_CHANGED = 'alerts.changed';

/**
 * The instruments that have waiting alerts, as this node last read them: a tick's trades of other
 * instruments cost no database work. It may name an instrument whose alerts are gone (that costs one query
 * that finds nothing), never miss one that has some: any change on any node is announced on the bus and this
 * node reads the codes again before its next check; while the bus may have lost a message (a gap, or not
 * connected) the set is not trusted and every check goes to the database.
 */
export class WaitingAlertIndex {
  private codes: Set<string> | null = null;
  private stale = true;

  constructor(private readonly ctx: AppContext) {
    ctx.bus.subscribe(ALERTS_CHANGED, () => (this.stale = true));
    ctx.bus.onGap(() => (this.stale = true));
  }

  /** Of `codes`, those that may have waiting alerts; all of them when this node cannot be sure. */
  async filter(codes: readonly string[]): Promise<string[]> {
    if (!this.ctx.bus.connected()) {
      this.stale = true;
      return [...codes];
    }
    if (this.stale || this.codes === null) {
      // Cleared first: a change announced while reading marks the set stale again for the next check.
      this.stale = false;
      this.codes = new Set(await waitingAlertCodes(this.ctx.db));
    }
    const known = this.codes;
    return codes.filter((code) => known.has(code));
  }

  /** After a commit that changed alerts: every node, this one at once, reads the codes again. */
  async changed(): Promise<void> {
    this.stale = true;
    try {
      await this.ctx.bus.publish(ALERTS_CHANGED, '');
    } catch (error) {
      this.ctx.log.error({ err: error }, 'alerts: change not announced');
    }
  }
}

const indexes = new WeakMap<AppContext, WaitingAlertIndex>();

export function waitingAlertsOf(ctx: AppContext): WaitingAlertIndex {
  let index = indexes.get(ctx);
  if (!index) {
    index = new WaitingAlertIndex(ctx);
    indexes.set(ctx, index);
  }
  return index;
}

import { randomBytes } from 'node:crypto';
import type { MarketSort } from '@kabuto/contract';

/** How long a list's order is kept for the pages after its first; a list scrolled later is ranked afresh. */
const SNAPSHOT_TTL_MS = 10 * 60_000;
/** Orders kept at once on a node; the oldest goes first. */
const MAX_SNAPSHOTS = 512;

interface Snapshot {
  codes: readonly string[];
  sort: MarketSort;
  order: 'asc' | 'desc';
  at: number;
}

/**
 * The market list's order as of its first page, for the pages after it. Prices move between page loads, so
 * ranking each page afresh would show an instrument that moved on two pages, or on none. Kept in memory on
 * the node that answered the first page; another node (or a late scroll) ranks afresh.
 */
export class RankingSnapshots {
  private readonly snapshots = new Map<string, Snapshot>();

  keep(codes: readonly string[], sort: MarketSort, order: 'asc' | 'desc', now: number): string {
    const id = randomBytes(12).toString('base64url');
    this.snapshots.set(id, { codes, sort, order, at: now });
    for (const [oldest] of this.snapshots) {
      if (this.snapshots.size <= MAX_SNAPSHOTS) break;
      this.snapshots.delete(oldest);
    }
    return id;
  }

  /** The codes in the kept order, or undefined when the snapshot is unknown, expired or of another sort. */
  codesOf(id: string, sort: MarketSort, order: 'asc' | 'desc', now: number): readonly string[] | undefined {
    const snapshot = this.snapshots.get(id);
    if (!snapshot) return undefined;
    if (now - snapshot.at > SNAPSHOT_TTL_MS) {
      this.snapshots.delete(id);
      return undefined;
    }
    return snapshot.sort === sort && snapshot.order === order ? snapshot.codes : undefined;
  }
}

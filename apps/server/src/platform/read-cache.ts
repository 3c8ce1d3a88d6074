import type { Bus } from './bus';
import type { AppContext } from './context';

export interface ReadCacheOptions {
  /** The bus topic whose messages name keys to drop, on every node. */
  topic: string;
  bus: Bus;
  /** How long an entry is trusted at most: the bound on staleness if a bus message is lost. 0 disables. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Rows read on nearly every request, kept in memory and dropped on every node when they change.
 *
 * A change is announced on the bus after its transaction commits (`announceChange` in the unit of work). A read that
 * started before the announcement may return the old row; it is not kept, because each key's
 * generation moves on with every announcement and a read only stores what it loaded under the
 * generation it started with. While the bus is disconnected nothing is served from memory.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
    options.bus.subscribe(options.topic, (key) => this.drop(key));
    options.bus.onGap(() => this.dropAll());
  }

  async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const usable = this.options.ttlMs > 0 && this.options.bus.connected();
    if (usable) {
      const entry = this.entries.get(key);
      if (entry && this.now() - entry.storedAt < this.options.ttlMs) return entry.value;
    }
    const epoch = this.epoch;
    const generation = this.generations.get(key) ?? 0;
    const value = await load();
    const unchanged = epoch === this.epoch && generation === (this.generations.get(key) ?? 0);
    if (usable && unchanged && value !== undefined) this.store(key, value);
    return value;
  }

  /** Forgets `key` on this node only (a row that proved stale when used). */
  forget(key: string): void {
    this.drop(key);
  }

  private store(key: string, value: V) {
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: this.now() });
  }

  private drop(key: string) {
    this.entries.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    // Generations only need to outlive the reads in flight; a fresh map costs one cache refill.
    if (this.generations.size > this.options.maxEntries * 4) this.dropAll();
  }

  private dropAll() {
    this.entries.clear();
    this.generations.clear();
    this.epoch += 1;
  }
}

/** Rows cached on the request path hold at most this many entries per topic. */
const MAX_ENTRIES = 100_000;
const cachesOfBus = new WeakMap<Bus, Map<string, ReadCache<unknown>>>();

/** The one cache of `topic` in this server (one per bus, so test apps in one process stay apart). */
export function readCacheOf<V>(
  ctx: Pick<AppContext, 'bus' | 'clock' | 'config'>,
  topic: string,
): ReadCache<V> {
  let caches = cachesOfBus.get(ctx.bus);
  if (!caches) cachesOfBus.set(ctx.bus, (caches = new Map()));
  let cache = caches.get(topic);
  if (!cache) {
    cache = new ReadCache<unknown>({
      topic,
      bus: ctx.bus,
      ttlMs: ctx.config.readCacheSeconds * 1000,
      maxEntries: MAX_ENTRIES,
      now: () => ctx.clock.now().getTime(),
    });
    caches.set(topic, cache);
  }
  return cache as ReadCache<V>;
}

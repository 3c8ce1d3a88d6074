/**
 * When an entry fires: once the market price is at or above its key (a sell limit, a long's take-profit),
 * or at or below it (a buy limit, a long's stop-loss).
 */
export type FiresWhen = 'at-or-above' | 'at-or-below';

interface Entry<T> {
  readonly key: number;
  readonly seq: number;
  readonly item: T;
}

/**
 * Items keyed by a price (in sen, as a safe integer number: comparing numbers is several times cheaper
 * than comparing bigints, and every price fits), kept sorted in firing order with the next to fire at the
 * end. Equal keys fire in sequence order (time priority). Asking what fires at a price costs O(1) plus
 * O(1) per item taken; inserting or removing costs a binary search plus moving the entries after the slot,
 * which at a few thousand entries per instrument and side is cheaper than a tree's pointer chasing.
 */
export class PriceIndex<T> {
  private readonly entries: Entry<T>[] = [];

  constructor(readonly firesWhen: FiresWhen) {}

  get size(): number {
    return this.entries.length;
  }

  /** Adds an item; (key, seq) must not be in the index already. */
  insert(key: number, seq: number, item: T): void {
    if (!Number.isSafeInteger(key) || !Number.isSafeInteger(seq)) {
      throw new RangeError(`Index keys must be safe integers: ${key}, ${seq}`);
    }
    const slot = this.slotOf(key, seq);
    const there = this.entries[slot];
    if (there && there.key === key && there.seq === seq) throw new Error(`Already indexed: ${key}, ${seq}`);
    this.entries.splice(slot, 0, { key, seq, item });
  }

  /** Removes the item at (key, seq) and returns it; undefined when there is none. */
  remove(key: number, seq: number): T | undefined {
    const slot = this.slotOf(key, seq);
    const there = this.entries[slot];
    if (!there || there.key !== key || there.seq !== seq) return undefined;
    this.entries.splice(slot, 1);
    return there.item;
  }

  /** Whether an entry with this key fires at this market price. */
  fires(key: number, price: number): boolean {
    return this.firesWhen === 'at-or-above' ? price >= key : price <= key;
  }

  /** Takes out and returns the next item that fires at this market price; undefined when none does. */
  takeNext(price: number): T | undefined {
    const last = this.entries[this.entries.length - 1];
    if (!last || !this.fires(last.key, price)) return undefined;
    this.entries.pop();
    return last.item;
  }

  /** The items in firing order (next first), for inspection and tests. */
  *inFiringOrder(): IterableIterator<{ key: number; seq: number; item: T }> {
    for (let i = this.entries.length - 1; i >= 0; i -= 1) yield this.entries[i]!;
  }

  /** Whether the entry sits before (fires after) (key, seq): keys that need a further move come first. */
  private sitsBefore(entry: Entry<T>, key: number, seq: number): boolean {
    if (entry.key !== key) return this.firesWhen === 'at-or-above' ? entry.key > key : entry.key < key;
    return entry.seq > seq;
  }

  /** The number of entries that sit before (key, seq): where it is, or where it would go. */
  private slotOf(key: number, seq: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sitsBefore(this.entries[middle]!, key, seq)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

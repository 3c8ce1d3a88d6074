/**
 * When an entry fires: once the market price is at or above its key (a sell limit, a long's take-profit),
 * or at or below it (a buy limit, a long's stop-loss).
 */
export type FiresWhen = 'at-or-above' | 'at-or-below';

const INITIAL_CAPACITY = 16;

/**
 * Items keyed by a price (in sen, as a safe integer number: comparing numbers is several times cheaper
 * than comparing bigints, and every price fits), kept sorted in firing order with the next to fire at the
 * end. Equal keys fire in sequence order (time priority). Asking what fires at a price costs O(1) plus
 * O(1) per item taken; inserting or removing costs a binary search plus moving the entries after the slot.
 *
 * The sorted part is three typed arrays (key, seq, slot) moved with copyWithin, a plain memmove; the items
 * stay put in a slab addressed by slot. Moving object references instead (splicing an array of entries)
 * costs several times more in V8, whose write barrier records every moved reference to a young object.
 */
export class PriceIndex<T> {
  private keys = new Float64Array(INITIAL_CAPACITY);
  private seqs = new Float64Array(INITIAL_CAPACITY);
  private slots = new Int32Array(INITIAL_CAPACITY);
  private length = 0;
  private readonly items: (T | undefined)[] = [];
  private readonly freeSlots: number[] = [];

  constructor(readonly firesWhen: FiresWhen) {}

  get size(): number {
    return this.length;
  }

  /** Adds an item; (key, seq) must not be in the index already. */
  insert(key: number, seq: number, item: T): void {
    if (!Number.isSafeInteger(key) || !Number.isSafeInteger(seq)) {
      throw new RangeError(`Index keys must be safe integers: ${key}, ${seq}`);
    }
    const at = this.positionOf(key, seq);
    if (this.holds(at, key, seq)) throw new Error(`Already indexed: ${key}, ${seq}`);
    if (this.length === this.keys.length) this.grow();
    const slot = this.freeSlots.pop() ?? this.items.length;
    this.items[slot] = item;
    this.keys.copyWithin(at + 1, at, this.length);
    this.seqs.copyWithin(at + 1, at, this.length);
    this.slots.copyWithin(at + 1, at, this.length);
    this.keys[at] = key;
    this.seqs[at] = seq;
    this.slots[at] = slot;
    this.length += 1;
  }

  /** Removes the item at (key, seq) and returns it; undefined when there is none. */
  remove(key: number, seq: number): T | undefined {
    const at = this.positionOf(key, seq);
    if (!this.holds(at, key, seq)) return undefined;
    const item = this.release(this.slots[at]!);
    this.keys.copyWithin(at, at + 1, this.length);
    this.seqs.copyWithin(at, at + 1, this.length);
    this.slots.copyWithin(at, at + 1, this.length);
    this.length -= 1;
    return item;
  }

  /** Whether an entry with this key fires at this market price. */
  fires(key: number, price: number): boolean {
    return this.firesWhen === 'at-or-above' ? price >= key : price <= key;
  }

  /** Takes out and returns the next item that fires at this market price; undefined when none does. */
  takeNext(price: number): T | undefined {
    if (this.length === 0 || !this.fires(this.keys[this.length - 1]!, price)) return undefined;
    this.length -= 1;
    return this.release(this.slots[this.length]!);
  }

  /** The items in firing order (next first), for inspection and tests. */
  *inFiringOrder(): IterableIterator<{ key: number; seq: number; item: T }> {
    for (let at = this.length - 1; at >= 0; at -= 1) {
      yield { key: this.keys[at]!, seq: this.seqs[at]!, item: this.items[this.slots[at]!]! };
    }
  }

  private release(slot: number): T {
    const item = this.items[slot]!;
    this.items[slot] = undefined;
    this.freeSlots.push(slot);
    return item;
  }

  private grow(): void {
    const capacity = this.keys.length * 2;
    const keys = new Float64Array(capacity);
    const seqs = new Float64Array(capacity);
    const slots = new Int32Array(capacity);
    keys.set(this.keys);
    seqs.set(this.seqs);
    slots.set(this.slots);
    this.keys = keys;
    this.seqs = seqs;
    this.slots = slots;
  }

  private holds(at: number, key: number, seq: number): boolean {
    return at < this.length && this.keys[at] === key && this.seqs[at] === seq;
  }

  /** Whether the entry at a position sits before (fires after) (key, seq): keys needing a further move first. */
  private sitsBefore(at: number, key: number, seq: number): boolean {
    const there = this.keys[at]!;
    if (there !== key) return this.firesWhen === 'at-or-above' ? there > key : there < key;
    return this.seqs[at]! > seq;
  }

  /** The number of entries that sit before (key, seq): where it is, or where it would go. */
  private positionOf(key: number, seq: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sitsBefore(middle, key, seq)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

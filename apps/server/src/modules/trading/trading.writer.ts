import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../database';
import { postTradingEntries, type TradingEntry } from '../ledger';
import { notifyAll, type OutgoingMessage } from '../messaging';
import type {
  OrderRow,
  TradingFillsTable,
  TradingForcedClosesTable,
  TradingOrdersTable,
  TradingPositionsTable,
} from './trading.table';
import {
  addPositionInterest,
  findPosition,
  insertFills,
  insertForcedCloses,
  insertOrders,
  insertPositions,
  insertWithdrawnCloses,
  updateOrder,
  updatePosition,
  type WithdrawnClose,
} from './trading.repository';

type OrderInsert = Insertable<TradingOrdersTable>;
/** A fill row whose journal entry is posted at the flush: its id is filled in then. */
type FillInsert = Omit<Insertable<TradingFillsTable>, 'entry_id'> & { entry: EntryRef };

/** A journal entry to post at the flush; `entryId` once posted (null when its transfers netted to nothing). */
export interface EntryRef {
  entryId: bigint | null;
  /** Written by this flush (not found already written under its key). */
  posted: boolean;
}
type PositionInsert = Insertable<TradingPositionsTable>;

/**
 * The rows of a batch of trading commits, written at its end in a few statements: new orders, positions,
 * fills and forced closes each in one INSERT, a change to a row inserted in the same batch folded into that
 * row, other changes one UPDATE per row. Round trips, not the work in the database, bound how many orders a
 * second one writer commits (docs/benchmarks.md, "orders.bench.ts"). Journal entries are not kept here: they
 * are posted at once, since a fill records the id of its entry.
 */
export class TradingWriter {
  /** `instrumentOf`: an instrument's names, from the market's universe in memory (no query on the commit path). */
  constructor(
    private readonly instrumentOf: (
      code: string,
    ) => Promise<{ name_ja: string; name_en: string } | undefined>,
  ) {}

  private readonly orders = new Map<bigint, OrderInsert>();
  private readonly positions = new Map<bigint, PositionInsert>();
  private readonly orderUpdates = new Map<bigint, Updateable<TradingOrdersTable>>();
  private readonly positionUpdates = new Map<bigint, Updateable<TradingPositionsTable>>();
  private readonly interest: { id: bigint; amount: bigint; at: Date }[] = [];
  private readonly entries: { entry: TradingEntry; ref: EntryRef }[] = [];
  private readonly fills: FillInsert[] = [];
  private readonly forcedCloses: Insertable<TradingForcedClosesTable>[] = [];
  private readonly withdrawnCloses: WithdrawnClose[] = [];
  private readonly messages: OutgoingMessage[] = [];

  insertOrder(row: OrderInsert): void {
    this.orders.set(BigInt(row.id!), { ...row });
  }

  /** An order inserted by this batch, as stored after the flush. */
  order(id: bigint): OrderRow | undefined {
    return this.orders.get(id) as OrderRow | undefined;
  }

  updateOrder(id: bigint, patch: Updateable<TradingOrdersTable>): void {
    const pending = this.orders.get(id);
    if (pending) Object.assign(pending, patch);
    else this.orderUpdates.set(id, { ...this.orderUpdates.get(id), ...patch });
  }

  insertPosition(row: PositionInsert): void {
    this.positions.set(BigInt(row.id!), { ...row });
  }

  updatePosition(id: bigint, patch: Updateable<TradingPositionsTable>): void {
    const pending = this.positions.get(id);
    if (pending) Object.assign(pending, patch);
    else this.positionUpdates.set(id, { ...this.positionUpdates.get(id), ...patch });
  }

  addPositionInterest(id: bigint, amount: bigint, at: Date): void {
    const pending = this.positions.get(id);
    if (pending)
      Object.assign(pending, { interest: BigInt(pending.interest ?? 0n) + amount, updated_at: at });
    else this.interest.push({ id, amount, at });
  }

  /** A journal entry, posted at the flush in the order given. */
  post(entry: TradingEntry): EntryRef {
    const ref: EntryRef = { entryId: null, posted: false };
    this.entries.push({ entry, ref });
    return ref;
  }

  /** Each posted entry's user, once per entry (each entry announces its user's balance change once). */
  postedUsers(): bigint[] {
    return this.entries.flatMap(({ entry, ref }) => (ref.posted ? [entry.userId] : []));
  }

  insertFill(row: FillInsert): void {
    this.fills.push(row);
  }

  /**
   * A resting limit close withdrawn without filling. Its 期間 and placing time are taken now if this batch placed
   * it (the position's row is written only at the flush, as the batch leaves it), else at the flush from the row.
   */
  withdrawClose(close: Omit<WithdrawnClose, 'validity' | 'requestedAt'>): void {
    const pending = this.positions.get(close.positionId) ?? this.positionUpdates.get(close.positionId);
    const placedHere = pending?.status === 'limit-closing' || pending?.status === 'closing';
    this.withdrawnCloses.push({
      ...close,
      validity: placedHere ? (pending.close_validity ?? null) : null,
      requestedAt: placedHere ? (pending.close_requested_at ?? null) : null,
    });
  }

  insertForcedClose(row: Insertable<TradingForcedClosesTable>): void {
    this.forcedCloses.push(row);
  }

  message(message: OutgoingMessage): void {
    this.messages.push(message);
  }

  /** The messages, each about a stock naming it as well (トヨタ自動車（7203）rather than 7203). */
  private async withStockNames(): Promise<OutgoingMessage[]> {
    return Promise.all(
      this.messages.map(async (message) => {
        const code = 'code' in message.params ? message.params.code : undefined;
        const instrument = typeof code === 'string' ? await this.instrumentOf(code) : undefined;
        return instrument
          ? ({
              ...message,
              params: { ...message.params, nameJa: instrument.name_ja, nameEn: instrument.name_en },
            } as OutgoingMessage)
          : message;
      }),
    );
  }

  /**
   * A position's row as this batch leaves it so far: inserted here, or the database's with this batch's changes
   * (interest accrued in this batch is added only at the flush, so not here).
   */
  async storedPosition(db: Executor, id: bigint): Promise<PositionInsert> {
    const pending = this.positions.get(id);
    if (pending) return { ...pending };
    const { order_id: _generated, ...row } = await findPosition(db, id);
    return { ...row, ...this.positionUpdates.get(id) } as PositionInsert;
  }

  /** A position's code and lots as this batch leaves them so far (一部返済 may have taken some lots). */
  async position(db: Executor, id: bigint): Promise<{ code: string; lots: number }> {
    const row = await this.storedPosition(db, id);
    return { code: row.code, lots: Number(row.lots) };
  }

  /**
   * Writes everything kept: the journal entries first (one statement; a refused one refuses the transaction),
   * then the rows, parents before children (positions and fills refer to orders, fills to their entries).
   */
  async flush(db: Executor): Promise<void> {
    const posted = await postTradingEntries(
      db,
      this.entries.map(({ entry }) => entry),
    );
    posted.forEach((result, i) => {
      const { ref } = this.entries[i]!;
      ref.entryId = result?.entryId ?? null;
      ref.posted = result !== null && !result.replayed;
    });
    await insertOrders(db, [...this.orders.values()]);
    await insertPositions(db, [...this.positions.values()]);
    await insertWithdrawnCloses(db, this.withdrawnCloses);
    for (const [id, patch] of this.orderUpdates) await updateOrder(db, id, patch);
    for (const [id, patch] of this.positionUpdates) await updatePosition(db, id, patch);
    for (const { id, amount, at } of this.interest) await addPositionInterest(db, id, amount, at);
    await insertFills(
      db,
      this.fills.map(({ entry, ...row }) => ({ ...row, entry_id: entry.entryId })),
    );
    await insertForcedCloses(db, this.forcedCloses);
    await notifyAll(db, await this.withStockNames());
  }
}

import type { SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a query and the count of all its rows. `base` carries FROM, joins and filters; `select`
 * adds the columns and the order, so the count runs over exactly the rows the pages come from.
 */
export async function fetchPage<DB, TB extends keyof DB, Base, Row, Item>(
  base: SelectQueryBuilder<DB, TB, Base>,
  select: (query: SelectQueryBuilder<DB, TB, Base>) => SelectQueryBuilder<DB, TB, Row>,
  request: PageRequest,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const [rows, count] = await Promise.all([
    select(base)
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toItem),
    total: Number((count as { n: string | number | bigint }).n),
    page: request.page,
    pageSize: request.pageSize,
  };
}

export interface CursorRequest {
  /** The id of the previous page's last item, as the client sent it back. */
  cursor?: string | undefined;
  pageSize: number;
}

/**
 * One page of a list read newest first by id, after the id the cursor names: `read` returns up to `limit` rows
 * with ids below `beforeId` (all of them when undefined), highest id first.
 */
export async function pageBeforeId<Row extends { id: bigint }>(
  request: CursorRequest,
  read: (beforeId: bigint | undefined, limit: number) => Promise<Row[]>,
): Promise<{ items: Row[]; nextCursor: string | null }> {
  const rows = await read(
    request.cursor === undefined ? undefined : BigInt(request.cursor),
    request.pageSize + 1,
  );
  const items = rows.slice(0, request.pageSize);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > request.pageSize && last ? last.id.toString() : null };
}

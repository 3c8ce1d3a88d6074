import { fail } from '../../platform/errors';

/**
 * A place in 注文履歴: the line it follows, by the list's order (time to the microsecond, id, kind). The next page
 * is the lines after it, whatever joined the list meanwhile, so a line is never listed twice nor passed over.
 */
export interface HistoryPlace {
  /** Microseconds since the epoch: the database keeps them, and a millisecond Date would misplace a line. */
  atMicros: bigint;
  id: bigint;
  kind: HistoryKind;
}

export type HistoryKind = 'order' | 'close' | 'withdrawn-close';
const KINDS: readonly HistoryKind[] = ['order', 'close', 'withdrawn-close'];
const isHistoryKind = (value: unknown): value is HistoryKind => KINDS.includes(value as HistoryKind);

export const encodeHistoryCursor = (place: HistoryPlace) =>
  Buffer.from(JSON.stringify([place.atMicros.toString(), place.id.toString(), place.kind])).toString(
    'base64url',
  );

/**
 * The place a cursor names. Only a cursor in exactly the form the server issues is read: anything else, altered
 * or made up, is refused rather than guessed at. A well-formed cursor carries no user: it only says where to
 * continue in the caller's own lines.
 */
export function decodeHistoryCursor(cursor: string): HistoryPlace {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, id, kind] = parsed as unknown[];
      if (
        typeof at === 'string' &&
        /^\d{1,16}$/.test(at) &&
        typeof id === 'string' &&
        /^[1-9]\d{0,17}$/.test(id) &&
        isHistoryKind(kind)
      ) {
        const place: HistoryPlace = { atMicros: BigInt(at), id: BigInt(id), kind };
        if (encodeHistoryCursor(place) === cursor) return place;
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw fail('LIST_CURSOR_INVALID', { field: 'cursor' });
}

import { useState } from 'react';
import type { Instrument } from '@kabuto/contract';
import { useSession } from '../../../lib/session-store';
import { readString, removeKey, writeString } from '../../../lib/storage';

/** How many instruments the search history keeps, newest first. */
export const SEARCH_HISTORY_MAX = 10;

export type HistoryEntry = Pick<Instrument, 'code' | 'nameJa' | 'nameEn'>;

/** Kept on this device, per account (a visitor has one of their own), so people sharing a phone do not mix. */
const keyOf = (userId: string) => `searchHistory.${userId || 'guest'}`;

export function readHistory(userId: string): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(readString(keyOf(userId)) || '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is HistoryEntry =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as HistoryEntry).code === 'string' &&
            typeof (entry as HistoryEntry).nameJa === 'string' &&
            typeof (entry as HistoryEntry).nameEn === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The entries with `entry` first (moved up if it was there), at most SEARCH_HISTORY_MAX. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const { code, nameJa, nameEn } = entry;
  return [{ code, nameJa, nameEn }, ...entries.filter((item) => item.code !== code)].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
}

/** The instruments opened from search, newest first, with add and clear. */
export function useSearchHistory() {
  const userId = useSession((state) => state.userId);
  const [entries, setEntries] = useState(() => readHistory(userId));
  return {
    entries,
    add: (entry: HistoryEntry) => {
      const next = withEntry(readHistory(userId), entry);
      writeString(keyOf(userId), JSON.stringify(next));
      setEntries(next);
    },
    clear: () => {
      removeKey(keyOf(userId));
      setEntries([]);
    },
  };
}

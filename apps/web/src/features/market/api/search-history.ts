import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, SEARCH_HISTORY_MAX, type Instrument } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { readString, removeKey, writeString } from '../../../lib/storage';

export type HistoryEntry = Pick<Instrument, 'code' | 'nameJa' | 'nameEn'>;

const GUEST_KEY = 'searchHistory.guest';

export function readGuestHistory(): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(readString(GUEST_KEY) || '[]');
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

/** The entries with `entry` first (moved up if it was there), at most SEARCH_HISTORY_MAX, as the server keeps them. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const { code, nameJa, nameEn } = entry;
  return [{ code, nameJa, nameEn }, ...entries.filter((item) => item.code !== code)].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
}

export interface SearchHistory {
  entries: HistoryEntry[];
  add: (entry: HistoryEntry) => void;
  clear: () => void;
}

/** A visitor's history lives on this device only. */
function useGuestHistory(): SearchHistory {
  const [entries, setEntries] = useState(readGuestHistory);
  return {
    entries,
    add: (entry) => {
      const next = withEntry(readGuestHistory(), entry);
      writeString(GUEST_KEY, JSON.stringify(next));
      setEntries(next);
    },
    clear: () => {
      removeKey(GUEST_KEY);
      setEntries([]);
    },
  };
}

/** An investor's history is kept by the server, so it follows them to another device. */
function useAccountHistory(enabled: boolean): SearchHistory {
  const userId = useSession((state) => state.userId);
  const queryClient = useQueryClient();
  const key = ['search-history', userId];
  const history = useQuery({
    queryKey: key,
    queryFn: () => apiClient.call(routes.searchHistory.list),
    select: (data) => data.items.map((item) => item.instrument),
    enabled,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (code: string) => apiClient.call(routes.searchHistory.add, { body: { code } }),
    onSettled: refresh,
    // The stock's page opens whatever happens here; a history that did not record is no reason to stop it.
    meta: { silent: true },
  });
  const clear = useMutation({
    mutationFn: () => apiClient.call(routes.searchHistory.clear),
    onSettled: refresh,
  });
  return {
    entries: history.data ?? [],
    add: (entry) => add.mutate(entry.code),
    clear: () => clear.mutate(),
  };
}

/** The instruments opened from search, newest first, with add and clear. */
export function useSearchHistory(): SearchHistory {
  const loggedIn = useSession((state) => state.token !== '');
  const guest = useGuestHistory();
  const account = useAccountHistory(loggedIn);
  return loggedIn ? account : guest;
}

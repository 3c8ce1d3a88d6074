import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys, type LedgerFilters } from './keys';

const PAGE_SIZE = 30;

/** Every journal entry that touched the caller, newest first, a cursor page at a time. */
export function useLedger(filters: LedgerFilters) {
  return useInfiniteQuery({
    queryKey: fundingKeys.ledger(filters),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.ledger.entries, {
        query: { ...filters, cursor: pageParam, limit: PAGE_SIZE },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * Which screen the file came from and when: kabuto-deposits-withdrawals-2026-11.csv (a month) or
 * kabuto-statement-2026-11-25.csv (everything up to today, Japan time).
 */
export function csvFileName(filters: LedgerFilters, now = Date.now()): string {
  const what = filters.group === 'funding' ? 'deposits-withdrawals' : 'statement';
  const when = filters.month ?? new Date(now + JST_OFFSET_MS).toISOString().slice(0, 10);
  return `kabuto-${what}-${when}.csv`;
}

/** The same entries as the server's CSV (UTF-8 with BOM), saved as a file. */
export async function downloadLedgerCsv(filters: LedgerFilters): Promise<void> {
  const file = await apiClient.file(routes.ledger.entriesCsv, { query: filters });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(filters);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One of the caller's entries by id, or null: the page of one entry just older than id + 1 is that entry
 * when it is the caller's (another user's id answers an older entry of the caller's, or nothing).
 */
export function useLedgerEntry(id: string | null) {
  return useQuery({
    queryKey: [...fundingKeys.all, 'ledger-entry', id],
    enabled: id !== null,
    queryFn: async () => {
      const page = await apiClient.call(routes.ledger.entries, {
        query: { cursor: (BigInt(id!) + 1n).toString(), limit: 1 },
      });
      return page.items.find((item) => item.id === id) ?? null;
    },
  });
}

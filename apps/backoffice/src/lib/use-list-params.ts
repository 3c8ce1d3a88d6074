import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const DEFAULT_PAGE_SIZE = 20;

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * Page, page size and text filters of a list, kept in the URL so that going back from a detail page
 * returns to the same page and search.
 */
export function useListParams<Filter extends string>(filterNames: readonly Filter[]) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const pageSize = positiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<
    Filter,
    string
  >;

  const setPage = useCallback(
    (nextPage: number, nextPageSize: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(nextPageSize === pageSize ? nextPage : 1));
        next.set('pageSize', String(nextPageSize));
        return next;
      }),
    [setParams, pageSize],
  );

  const setFilters = useCallback(
    (changes: Partial<Record<Filter, string>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes) as [Filter, string | undefined][]) {
          const trimmed = value?.trim() ?? '';
          if (trimmed) next.set(name, trimmed);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      }),
    [setParams],
  );

  return { page, pageSize, filters, setPage, setFilters };
}

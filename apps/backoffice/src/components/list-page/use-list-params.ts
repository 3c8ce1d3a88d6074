import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const DEFAULT_PAGE_SIZE = 20;

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export interface ListParams<Filter extends string> {
  page: number;
  pageSize: number;
  /** Each filter's text; empty when not set. */
  filters: Record<Filter, string>;
  /** `replace`: in place of the current history entry (a correction, not a step the reader took). */
  setPage: (page: number, pageSize: number, options?: { replace?: boolean }) => void;
  /** Sets (or, when blank, clears) one filter and returns to the first page. */
  setFilter: (name: Filter, value: string) => void;
}

/**
 * Page, page size and filters of a list, kept in the URL so that going back from a detail page returns to
 * the same page and search.
 */
export function useListParams<Filter extends string = never>(
  filterNames: readonly Filter[] = [],
): ListParams<Filter> {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const pageSize = positiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<
    Filter,
    string
  >;

  const setPage = useCallback(
    (nextPage: number, nextPageSize: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(nextPageSize === pageSize ? nextPage : 1));
          next.set('pageSize', String(nextPageSize));
          return next;
        },
        { replace: options?.replace ?? false },
      ),
    [setParams, pageSize],
  );

  const setFilter = useCallback(
    (name: Filter, value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        const trimmed = value.trim();
        if (trimmed) next.set(name, trimmed);
        else next.delete(name);
        next.delete('page');
        return next;
      }),
    [setParams],
  );

  return { page, pageSize, filters, setPage, setFilter };
}

/** A filter's text as one of an enumeration's values; anything else (a stale or edited URL) means no filter. */
export function oneOf<const Value extends string>(values: readonly Value[], text: string): Value | undefined {
  return (values as readonly string[]).includes(text) ? (text as Value) : undefined;
}

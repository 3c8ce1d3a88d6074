import type { TFunction } from 'i18next';
import type { ListFilter } from '../../../components/list-page/ListFilters';
import { oneOf, type ListParams } from '../../../components/list-page/use-list-params';

/** The code and user filters of the positions, orders and forced-close lists. */
export const tradingFilters = (t: TFunction): ListFilter<'code' | 'userId'>[] => [
  {
    kind: 'search',
    name: 'code',
    label: t('trading.filters.code'),
    testId: 'trading-code-filter',
    width: 200,
  },
  {
    kind: 'search',
    name: 'userId',
    label: t('trading.filters.userId'),
    testId: 'trading-user-filter',
    width: 200,
  },
];

export const tradingQuery = (list: ListParams<'code' | 'userId'>) => ({
  code: list.filters.code || undefined,
  userId: list.filters.userId || undefined,
  page: list.page,
  pageSize: list.pageSize,
});

/**
 * The status filter of the positions and orders lists: the first status (open ones) while the filter is empty,
 * the history by choosing another. `labels` names the translations, one per status.
 */
export function statusFilter<const Status extends string>(
  t: TFunction,
  statuses: readonly [Status, ...Status[]],
  labels: string,
): ListFilter<'status'> {
  return {
    kind: 'select',
    name: 'status',
    label: t('trading.filters.status'),
    options: statuses.map((status) => ({ value: status, label: t(`${labels}.${status}`) })),
    defaultValue: statuses[0],
    testId: 'trading-status-filter',
    width: 200,
  };
}

/** The status chosen, the first one (open) when none is or the address holds another word. */
export const chosenStatus = <const Status extends string>(
  statuses: readonly [Status, ...Status[]],
  list: ListParams<'code' | 'userId' | 'status'>,
): Status => oneOf(statuses, list.filters.status) ?? statuses[0];

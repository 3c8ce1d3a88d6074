import type { TFunction } from 'i18next';
import type { ListFilter } from '../../../components/list-page/ListFilters';
import type { ListParams } from '../../../components/list-page/use-list-params';

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

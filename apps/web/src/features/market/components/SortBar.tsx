import { MARKET_SORTS, type MarketSort } from '@kabuto/contract';
import { useMarketTranslation } from '../../../lib/market-texts';
import type { SortOrder } from '../api/market';

export interface Sorting {
  sort: MarketSort;
  order: SortOrder;
}

/** The order a sort starts in when chosen: the biggest first, except the code, which reads upwards. */
export const FIRST_ORDER: Record<MarketSort, SortOrder> = {
  changePercent: 'desc',
  volume: 'desc',
  turnover: 'desc',
  code: 'asc',
};

/** Tapping the current sort again reverses it; another sort starts in its natural order. */
export function nextSorting(current: Sorting, sort: MarketSort): Sorting {
  if (current.sort !== sort) return { sort, order: FIRST_ORDER[sort] };
  return { sort, order: current.order === 'desc' ? 'asc' : 'desc' };
}

export function SortBar({ value, onChange }: { value: Sorting; onChange: (value: Sorting) => void }) {
  const { t } = useMarketTranslation();
  return (
    <div className="kb-sort-bar" role="group" aria-label={t('market:sortBy')} data-testid="sort-bar">
      {MARKET_SORTS.map((sort) => {
        const active = value.sort === sort;
        return (
          <button
            key={sort}
            type="button"
            className="kb-sort"
            aria-pressed={active}
            onClick={() => onChange(nextSorting(value, sort))}
            data-testid={`sort-${sort}`}
            data-order={active ? value.order : undefined}
          >
            {t(`market:sort.${sort}`)}
            {active && (
              <span aria-label={t(`market:order.${value.order}`)} role="img">
                {value.order === 'desc' ? '↓' : '↑'}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

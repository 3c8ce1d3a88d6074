import { InfiniteScroll } from 'antd-mobile';
import { useMarketTranslation } from '../../../lib/market-texts';
import { LoadError } from '../../../components/market/LoadError';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { QuoteRow } from '../../../components/market/QuoteRow';
import { SimulatedNote } from '../../../components/market/SimulatedNote';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useRanking } from '../api/market';
import { sortDetail } from './figures';
import type { Sorting } from './SortBar';

/** Every instrument with its live quote, in the chosen order; more rows load on scrolling. */
export function UniverseList({ sorting }: { sorting: Sorting }) {
  const { t } = useMarketTranslation();
  const ranking = useRanking(sorting.sort, sorting.order);
  if (ranking.isPending) return <QuoteListSkeleton />;
  if (ranking.isError && !ranking.data) return <LoadError onRetry={() => void ranking.refetch()} />;
  const rows = ranking.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <EmptyState />;
  return (
    <>
      <SimulatedNote simulated={rows[0]?.quote.simulated} />
      <ul className="kb-quote-list" data-testid="market-list" aria-busy={ranking.isPlaceholderData}>
        {rows.map(({ instrument, quote }) => (
          <QuoteRow
            key={instrument.code}
            instrument={instrument}
            quote={quote}
            detail={sortDetail(sorting.sort, quote, t)}
            star
          />
        ))}
      </ul>
      <InfiniteScroll
        loadMore={async () => void (await ranking.fetchNextPage())}
        hasMore={ranking.hasNextPage}
      >
        <span className="kb-list-end">{ranking.hasNextPage ? t('common:loading') : t('market:listEnd')}</span>
      </InfiniteScroll>
    </>
  );
}

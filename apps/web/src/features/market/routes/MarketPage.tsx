import { useState } from 'react';
import { SearchOutline } from 'antd-mobile-icons';
import { useMarketTranslation } from '../../../lib/market-texts';
import { useNavigate } from 'react-router';
import { WatchlistQuotes } from '../../../components/market/WatchlistQuotes';
import { SEARCH_PATH } from '../../../lib/paths';
import { sortDetail } from '../components/figures';
import { SortBar, type Sorting } from '../components/SortBar';
import { UniverseList } from '../components/UniverseList';

type Segment = 'all' | 'watchlist';

export default function MarketPage() {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const [segment, setSegment] = useState<Segment>('all');
  const [sorting, setSorting] = useState<Sorting>({ sort: 'changePercent', order: 'desc' });
  return (
    <div className="kb-market" data-testid="market-page">
      <button
        type="button"
        className="kb-search-entry"
        onClick={() => navigate(SEARCH_PATH)}
        data-testid="market-search"
      >
        <SearchOutline aria-hidden />
        <span>{t('market:searchPlaceholder')}</span>
      </button>
      <div className="kb-segments" role="group" aria-label={t('market:segments')}>
        {(['all', 'watchlist'] as const).map((id) => (
          <button
            key={id}
            type="button"
            className="kb-segment"
            aria-pressed={segment === id}
            onClick={() => setSegment(id)}
            data-testid={`market-segment-${id}`}
          >
            {t(`market:segment.${id}`)}
          </button>
        ))}
      </div>
      <SortBar value={sorting} onChange={setSorting} />
      {segment === 'all' ? (
        <UniverseList sorting={sorting} />
      ) : (
        <WatchlistQuotes
          sort={sorting.sort}
          order={sorting.order}
          detailOf={(quote) => sortDetail(sorting.sort, quote, t)}
        />
      )}
    </div>
  );
}

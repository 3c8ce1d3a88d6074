import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { MARKET_QUERY_MAX_LENGTH, type Instrument } from '@kabuto/contract';
import { useMarketTranslation } from '../../../lib/market-texts';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/market/LoadError';
import { QuoteListSkeleton } from '../../../components/market/QuoteListSkeleton';
import { QuoteRow, useOpenStock } from '../../../components/market/QuoteRow';
import { useWatchStars } from '../../../components/market/use-watch-stars';
import { SimulatedNote } from '../../../components/market/SimulatedNote';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SubPage } from '../../../components/ui/SubPage';
import { currentLang } from '../../../lib/i18n';
import { useQuotes } from '../../../lib/market-data';
import { instrumentName } from '../../../lib/market-format';
import { stockDetailPath } from '../../../lib/paths';
import { useInstrumentSearch } from '../api/market';
import { useSearchHistory, type HistoryEntry, type SearchHistory } from '../api/search-history';

/** Typing pauses this long before a search is sent. */
const TYPING_PAUSE_MS = 250;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export default function SearchPage() {
  const { t } = useMarketTranslation();
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const history = useSearchHistory();
  const navigate = useNavigate();
  const openFromHistory = (entry: HistoryEntry) => {
    history.add(entry);
    navigate(stockDetailPath(entry.code));
  };
  return (
    <SubPage title={t('titles.search')} testId="search-page">
      <div className="kb-search-box">
        <label className="kb-search-field" data-testid="search-input">
          <SearchOutline aria-hidden />
          <input
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            // The screen exists to type a name or code: the keyboard opens with it, as a broker's search does.
            autoFocus
            placeholder={t('market:searchPlaceholder')}
            aria-label={t('market:searchLabel')}
            maxLength={MARKET_QUERY_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
      </div>
      {q ? (
        <SearchResults q={q} onOpen={history.add} />
      ) : (
        <SearchHistory {...history} onOpen={openFromHistory} />
      )}
    </SubPage>
  );
}

function SearchResults({ q, onOpen }: { q: string; onOpen: (instrument: Instrument) => void }) {
  const { t } = useMarketTranslation();
  const search = useInstrumentSearch(q);
  const items = search.data?.items ?? [];
  const quotes = useQuotes(items.map((item) => item.code));
  const openStock = useOpenStock();
  const stars = useWatchStars();
  if (search.isPending) return <QuoteListSkeleton rows={4} />;
  if (search.isError) return <LoadError onRetry={() => void search.refetch()} />;
  if (items.length === 0) return <EmptyState description={t('market:noResults', { q })} />;
  return (
    <section aria-label={t('market:results')}>
      <SimulatedNote
        simulated={quotes.data ? [...quotes.data.values()].some((quote) => quote.simulated) : undefined}
      />
      <ul className="kb-quote-list" data-testid="search-results">
        {items.map((instrument) => (
          <QuoteRow
            key={instrument.code}
            instrument={instrument}
            quote={quotes.data?.get(instrument.code)}
            t={t}
            onOpen={(opened) => {
              onOpen(opened);
              openStock(opened);
            }}
            watched={stars.isWatched(instrument.code)}
            watchPending={stars.pendingCode === instrument.code}
            onToggleWatch={stars.toggle}
          />
        ))}
      </ul>
    </section>
  );
}

function SearchHistory({
  entries,
  clear,
  onOpen,
}: SearchHistory & { onOpen: (entry: HistoryEntry) => void }) {
  const { t } = useMarketTranslation();
  const lang = currentLang();
  // All of it goes at once and cannot be brought back: asked first.
  const confirmClear = async () => {
    const confirmed = await confirmOnScreen({
      title: t('market:clearHistory'),
      content: t('market:clearHistoryQuestion'),
      confirmText: t('market:clearHistory'),
      cancelText: t('common:cancel'),
    });
    if (confirmed) clear();
  };
  return (
    <section className="kb-section" data-testid="search-history">
      <div className="kb-section-head">
        <h2>{t('market:history')}</h2>
        {entries.length > 0 && (
          <Button
            fill="none"
            size="small"
            onClick={() => void confirmClear()}
            data-testid="search-history-clear"
          >
            {t('market:clearHistory')}
          </Button>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="kb-muted">{t('market:historyEmpty')}</p>
      ) : (
        <ul className="kb-history">
          {entries.map((entry) => (
            <li key={entry.code}>
              <button type="button" className="kb-history-item" onClick={() => onOpen(entry)}>
                <span>{instrumentName(entry, lang)}</span>
                <span className="kb-quote-code">{entry.code}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

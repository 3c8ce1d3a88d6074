import { useState } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { ENTRY_KINDS, formatJst, type EntryKind } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { useLedger } from '../api/ledger';
import type { LedgerFilters } from '../api/keys';
import { recentMonths, signedAmount } from '../lib/money-format';
import './funding.css';

interface LedgerHistoryProps {
  filters: LedgerFilters;
  onFiltersChange: (filters: LedgerFilters) => void;
}

/** Every entry that touched the customer's cash, newest first, loading more as the list scrolls. */
export function LedgerHistory({ filters, onFiltersChange }: LedgerHistoryProps) {
  const { t } = useTranslation();
  const [months] = useState(() => recentMonths(new Date()));
  const ledger = useLedger(filters);
  const entries = ledger.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <div className="kb-filters">
        <select
          aria-label={t('funding.ledger.month')}
          value={filters.month ?? ''}
          onChange={(event) => onFiltersChange({ ...filters, month: event.target.value || undefined })}
          data-testid="ledger-month"
        >
          <option value="">{t('funding.ledger.allMonths')}</option>
          {months.map((month) => (
            <option key={month} value={month}>
              {month.replace('-', '/')}
            </option>
          ))}
        </select>
        <select
          aria-label={t('funding.ledger.kind')}
          value={filters.kind ?? ''}
          onChange={(event) =>
            onFiltersChange({ ...filters, kind: (event.target.value || undefined) as EntryKind | undefined })
          }
          data-testid="ledger-kind"
        >
          <option value="">{t('funding.ledger.allKinds')}</option>
          {ENTRY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`common:entryKinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <section className="kb-section" data-testid="ledger-list">
        {ledger.isPending ? (
          <DelayedLoading />
        ) : entries.length === 0 ? (
          <EmptyState description={t('funding.ledger.empty')} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <li key={entry.id} className="kb-record" data-testid="ledger-entry">
                <div className="kb-record-head">
                  <span data-testid="ledger-kind-label">{t(`common:entryKinds.${entry.kind}`)}</span>
                  <span className="kb-record-amount" data-testid="ledger-amount">
                    {signedAmount(entry.availableChange)}
                  </span>
                </div>
                <div className="kb-record-meta">
                  <span data-testid="ledger-time">{formatJst(entry.createdAt)}</span>
                  {entry.heldChange !== '0.00' && (
                    <span style={{ marginLeft: 12 }}>
                      {t('funding.ledger.held', { amount: signedAmount(entry.heldChange) })}
                    </span>
                  )}
                  {entry.reference && <div>{entry.reference}</div>}
                </div>
              </li>
            ))}
          </ul>
        )}
        {entries.length > 0 && (
          <InfiniteScroll
            hasMore={ledger.hasNextPage}
            loadMore={async () => {
              await ledger.fetchNextPage();
            }}
          >
            {ledger.hasNextPage ? t('funding.ledger.loading') : t('funding.ledger.end')}
          </InfiniteScroll>
        )}
      </section>
    </>
  );
}

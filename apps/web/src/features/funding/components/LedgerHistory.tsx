import { useState } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { formatJst, formatYen, type EntryKind } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { useBankAccounts } from '../api/bank-accounts';
import { useLedger } from '../api/ledger';
import type { LedgerFilters } from '../api/keys';
import { recentMonths } from '../lib/money-format';
import { EntryAmount, EntryInstrument, EntryReference, HeldText, type Entry } from './LedgerParts';
import { LedgerEntryDetail, type LedgerEntry } from './LedgerEntryDetail';
import './funding.css';
import '../../../components/ui/records.css';

/** Under an income or expenditure, how held cash took part: "from funds on hold" for a payout. */
function HeldNote({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (entry.cashChange === '0.00' || entry.heldChange === '0.00') return null;
  return (
    <span style={{ marginLeft: 12 }} data-testid="ledger-held">
      {entry.heldChange === entry.cashChange ? (
        t('funding.ledger.fromHeld')
      ) : (
        <HeldText change={entry.heldChange} />
      )}
    </span>
  );
}

interface LedgerHistoryProps {
  filters: LedgerFilters;
  onFiltersChange: (filters: LedgerFilters) => void;
  /** The kinds this statement lists, offered by its kind filter. */
  kinds: readonly EntryKind[];
  /** The kind filter's "every kind" option. */
  allKindsLabel: string;
}

/**
 * The statement's entries, newest first, loading more as the list scrolls: each with the balance after it
 * (預り金残高, available and held cash) and a 詳細 button opening the entry's detail.
 */
export function LedgerHistory({ filters, onFiltersChange, kinds, allKindsLabel }: LedgerHistoryProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<LedgerEntry | null>(null);
  const [months] = useState(() => recentMonths(new Date()));
  const ledger = useLedger(filters);
  const accounts = useBankAccounts();
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
          <option value="">{allKindsLabel}</option>
          {kinds.map((kind) => (
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
                    <EntryAmount entry={entry} />
                  </span>
                </div>
                <div className="kb-record-meta">
                  <EntryInstrument instrument={entry.instrument} />
                  <div className="kb-record-head">
                    <span>
                      <span data-testid="ledger-time">{formatJst(entry.createdAt)}</span>
                      <HeldNote entry={entry} />
                    </span>
                    <span data-testid="ledger-balance">
                      {t('funding.ledger.balanceAfter', { amount: formatYen(entry.balanceAfter) })}
                    </span>
                  </div>
                  <div className="kb-record-head">
                    <EntryReference
                      reference={entry.reference}
                      partOf={entry.partOf}
                      accounts={accounts.data}
                    />
                    <button
                      type="button"
                      className="kb-link"
                      style={{ marginLeft: 'auto', paddingRight: 0 }}
                      onClick={() => setOpened(entry)}
                      data-testid="ledger-detail-open"
                    >
                      {t('funding.ledger.details')}
                    </button>
                  </div>
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
      <LedgerEntryDetail entry={opened} accounts={accounts.data} onClose={() => setOpened(null)} />
    </>
  );
}

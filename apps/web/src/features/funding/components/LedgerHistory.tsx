import { useState } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { ENTRY_KINDS, formatJst, type EntryKind } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { useBankAccounts } from '../api/bank-accounts';
import { useLedger } from '../api/ledger';
import type { LedgerFilters } from '../api/keys';
import { parseLedgerReference } from '../lib/ledger-reference';
import { heldMove, recentMonths, signedAmount } from '../lib/money-format';
import './funding.css';
import '../../../components/ui/records.css';

type BankAccounts = ReturnType<typeof useBankAccounts>['data'];

/** "Reference STMT-0042", "Withdrawal no. 12", "To みずほ銀行 渋谷支店 ****4567"; nothing for an unknown reference. */
function EntryReference({ reference, accounts }: { reference: string | null; accounts: BankAccounts }) {
  const { t } = useTranslation();
  const parsed = parseLedgerReference(reference);
  if (!parsed) return null;
  let text: string;
  if (parsed.kind === 'bankAccount') {
    // A removed account is no longer listed: then the entry says nothing about its destination.
    const account = accounts?.find((candidate) => candidate.id === parsed.id);
    if (!account) return null;
    text = t('funding.ledger.reference.bankAccount', {
      account: t('funding.bank.short', {
        bank: account.bankName,
        branch: account.branchName,
        last4: account.accountLast4,
      }),
    });
  } else {
    text = t(`funding.ledger.reference.${parsed.kind}`, { value: parsed.value });
  }
  return <div data-testid="ledger-reference">{text}</div>;
}

/** "トヨタ自動車 7203" under a trading entry: the stock its order or position is in. */
function EntryInstrument({ instrument }: { instrument: LedgerInstrument | null }) {
  const { i18n } = useTranslation();
  if (!instrument) return null;
  const name = i18n.resolvedLanguage === 'ja' ? instrument.nameJa : instrument.nameEn;
  return <div data-testid="ledger-instrument">{`${name} ${instrument.code}`}</div>;
}

interface LedgerInstrument {
  code: string;
  nameJa: string;
  nameEn: string;
}

interface Entry {
  cashChange: string;
  heldChange: string;
}

/** "拘束 120,000.00" / "拘束解除 120,000.00": no sign, as neither is income nor expenditure. */
function HeldText({ change }: { change: string }) {
  const { t } = useTranslation();
  const { kind, amount } = heldMove(change);
  return <>{t(`funding.ledger.${kind}`, { amount })}</>;
}

/**
 * What the entry brought in or paid out of the customer's cash, signed: a withdrawal paid out shows its amount
 * as expenditure. A hold or its release only moves cash between available and held, so it shows as held or
 * released, unsigned, instead of as income or expenditure (the amount is counted once, when it is paid out).
 */
function EntryAmount({ entry }: { entry: Entry }) {
  if (entry.cashChange === '0.00' && entry.heldChange !== '0.00')
    return <HeldText change={entry.heldChange} />;
  return <>{signedAmount(entry.cashChange)}</>;
}

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
}

/** Every entry that touched the customer's cash, newest first, loading more as the list scrolls. */
export function LedgerHistory({ filters, onFiltersChange }: LedgerHistoryProps) {
  const { t } = useTranslation();
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
                    <EntryAmount entry={entry} />
                  </span>
                </div>
                <div className="kb-record-meta">
                  <EntryInstrument instrument={entry.instrument} />
                  <span data-testid="ledger-time">{formatJst(entry.createdAt)}</span>
                  <HeldNote entry={entry} />
                  <EntryReference reference={entry.reference} accounts={accounts.data} />
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

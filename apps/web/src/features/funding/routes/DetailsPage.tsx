import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SubPage } from '../../../components/ui/SubPage';
import { TRANSACTION_LOG_PATH } from '../../../lib/paths';
import { useBankAccounts } from '../api/bank-accounts';
import { useLedgerEntry } from '../api/ledger';
import { LedgerEntryFigures } from '../components/LedgerEntryDetail';
import '../components/funding.css';

/** One statement line in full (?id=<entry id>), the page a link to an entry opens; nothing for another's. */
export default function DetailsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw !== null && /^\d{1,18}$/.test(raw) ? raw : null;
  const entry = useLedgerEntry(id);
  const accounts = useBankAccounts();
  return (
    <SubPage
      title={t('funding.ledger.detail.title')}
      testId="ledger-detail-page"
      fallback={TRANSACTION_LOG_PATH}
    >
      <section className="kb-section">
        {id !== null && entry.isPending ? (
          <DelayedLoading />
        ) : entry.data ? (
          <div data-testid="ledger-detail">
            <LedgerEntryFigures entry={entry.data} accounts={accounts.data} />
          </div>
        ) : (
          <EmptyState description={t('funding.ledger.empty')} />
        )}
      </section>
    </SubPage>
  );
}

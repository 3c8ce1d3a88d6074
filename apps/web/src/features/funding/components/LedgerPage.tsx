import { useState } from 'react';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { toastError } from '../../../lib/error-toast';
import { downloadLedgerCsv } from '../api/ledger';
import type { LedgerFilters } from '../api/keys';
import { LedgerHistory } from './LedgerHistory';

/** A statement screen: the ledger with its filters, and the same rows as a CSV file. */
export function LedgerPage({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LedgerFilters>({});
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLedgerCsv(filters);
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('common:error'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SubPage
      title={title}
      testId={testId}
      right={
        <button
          type="button"
          className="kb-link"
          onClick={() => void download()}
          disabled={downloading}
          aria-label={t('funding.ledger.csv')}
          data-testid="ledger-csv"
        >
          <DownlandOutline aria-hidden /> CSV
        </button>
      }
    >
      <LedgerHistory filters={filters} onFiltersChange={setFilters} />
    </SubPage>
  );
}

import { useState } from 'react';
import { DownlandOutline } from 'antd-mobile-icons';
import { ENTRY_KINDS, FUNDING_ENTRY_KINDS, type LedgerGroup } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { toastError } from '../../../lib/error-toast';
import { downloadLedgerCsv } from '../api/ledger';
import type { LedgerFilters } from '../api/keys';
import { LedgerHistory } from './LedgerHistory';

/**
 * A statement screen: the ledger with its filters, and the same rows as a CSV file. `funding` is 入出金明細
 * (deposits, withdrawals with their holds and releases, adjustments); without it, 取引履歴 lists every entry.
 */
export function LedgerPage({ title, testId, group }: { title: string; testId: string; group?: LedgerGroup }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LedgerFilters>(group ? { group } : {});
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
      <LedgerHistory
        filters={filters}
        onFiltersChange={(next) => setFilters(group ? { ...next, group } : next)}
        kinds={group === 'funding' ? FUNDING_ENTRY_KINDS : ENTRY_KINDS}
        allKindsLabel={group === 'funding' ? t('funding.ledger.fundingKinds') : t('funding.ledger.allKinds')}
      />
    </SubPage>
  );
}

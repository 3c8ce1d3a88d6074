import { Button } from 'antd-mobile';
import { formatJst } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { yen } from '../../../lib/format';
import { useWithdrawals } from '../api/withdrawals';
import { ReviewStatus } from './ReviewStatus';
import '../../../components/ui/records.css';

export function WithdrawalHistory() {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();
  const records = withdrawals.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="kb-section" data-testid="withdrawal-history">
      <h2>{t('funding.history.withdrawals')}</h2>
      {withdrawals.isPending ? (
        <DelayedLoading />
      ) : records.length === 0 ? (
        <EmptyState description={t('funding.history.noWithdrawals')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {records.map((record) => (
            <li key={record.id} className="kb-record" data-testid="withdrawal-record">
              <div className="kb-record-head">
                <span className="kb-record-amount">{yen(record.amount)}</span>
                <ReviewStatus status={record.status} kind="withdrawal" />
              </div>
              <div className="kb-record-meta">
                <div>
                  {t('funding.bank.short', {
                    bank: record.bankName,
                    branch: record.branchName,
                    last4: record.accountLast4,
                  })}
                </div>
                <div>
                  {t('funding.history.field', {
                    label: t('funding.history.requestedAt'),
                    value: formatJst(record.createdAt),
                  })}
                </div>
              </div>
              {record.status === 'rejected' && record.reason && (
                <div className="kb-record-reason" data-testid="withdrawal-reason">
                  {t('funding.history.withdrawalReason', { reason: record.reason })}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {withdrawals.hasNextPage && (
        <Button
          block
          fill="none"
          color="primary"
          loading={withdrawals.isFetchingNextPage}
          onClick={() => void withdrawals.fetchNextPage()}
          data-testid="withdrawal-more"
        >
          {t('funding.history.more')}
        </Button>
      )}
    </section>
  );
}

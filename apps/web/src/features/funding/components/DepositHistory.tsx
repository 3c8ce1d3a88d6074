import { Button } from 'antd-mobile';
import { formatJst } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { dateText, yen } from '../../../lib/format';
import { useDeposits } from '../api/deposits';
import { ReviewStatus } from './ReviewStatus';
import '../../../components/ui/records.css';

/** The customer's deposit notices and the credits staff made, with their states. */
export function DepositHistory() {
  const { t } = useTranslation();
  const deposits = useDeposits();
  const records = deposits.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="kb-section" data-testid="deposit-history">
      <h2>{t('funding.history.deposits')}</h2>
      {deposits.isPending ? (
        <DelayedLoading />
      ) : records.length === 0 ? (
        <EmptyState description={t('funding.history.noDeposits')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {records.map((record) => (
            <li key={record.id} className="kb-record" data-testid="deposit-record">
              <div className="kb-record-head">
                <span className="kb-record-amount">{yen(record.amount)}</span>
                <ReviewStatus status={record.status} kind="deposit" />
              </div>
              <div className="kb-record-meta">
                {record.transferDate && (
                  <div>
                    {t('funding.history.field', {
                      label: t('funding.history.transferDate'),
                      value: dateText(t, record.transferDate),
                    })}
                  </div>
                )}
                {record.senderName && (
                  <div>
                    {t('funding.history.field', {
                      label: t('funding.history.senderName'),
                      value: record.senderName,
                    })}
                  </div>
                )}
                <div>
                  {record.creditedAt
                    ? t('funding.history.field', {
                        label: t('funding.history.creditedAt'),
                        value: formatJst(record.creditedAt),
                      })
                    : t('funding.history.field', {
                        label: t('funding.history.filedAt'),
                        value: formatJst(record.createdAt),
                      })}
                </div>
              </div>
              {record.status === 'rejected' && record.reason && (
                <div className="kb-record-reason" data-testid="deposit-reason">
                  {t('funding.history.reason', { reason: record.reason })}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {deposits.hasNextPage && (
        <Button
          block
          fill="none"
          color="primary"
          loading={deposits.isFetchingNextPage}
          onClick={() => void deposits.fetchNextPage()}
          data-testid="deposit-more"
        >
          {t('funding.history.more')}
        </Button>
      )}
    </section>
  );
}

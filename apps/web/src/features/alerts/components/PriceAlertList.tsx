import { Button, Tag } from 'antd-mobile';
import { formatJst, formatPrice, type PriceAlert } from '@kabuto/contract';
import { normalizeLang } from '@kabuto/i18n';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { instrumentName } from '../../../lib/market-format';
import { useDeletePriceAlert } from '../api/alerts';
import '../../../components/ui/records.css';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';

/** The investor's alerts, waiting ones first; each can be deleted after a confirmation. */
export function PriceAlertList({ alerts }: { alerts: PriceAlert[] }) {
  const { t, i18n } = useTranslation();
  const remove = useDeletePriceAlert();
  const nameOf = (alert: PriceAlert) => instrumentName(alert.instrument, normalizeLang(i18n.language));

  const confirmRemove = async (alert: PriceAlert) => {
    const confirmed = await confirmOnScreen({
      title: t('alerts.removeTitle'),
      content: t('alerts.removeQuestion', { name: nameOf(alert), price: formatPrice(alert.price) }),
      confirmText: t('alerts.remove'),
      cancelText: t('common:cancel'),
    });
    if (confirmed) await remove.mutateAsync(alert.id).catch(() => undefined);
  };

  if (alerts.length === 0) return <EmptyState description={t('alerts.none')} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {alerts.map((alert) => (
        <li key={alert.id} className="kb-record kb-record-head" data-testid="alert">
          <div style={{ minWidth: 0 }}>
            <div className="kb-record-amount">
              {nameOf(alert)} <span className="kb-muted">{alert.code}</span>
            </div>
            <div className="kb-record-meta">
              {t(`alerts.conditions.${alert.direction}`, { price: formatPrice(alert.price) })}
              <br />
              {alert.triggeredAt === null ? (
                <Tag color="primary" fill="outline">
                  {t('alerts.waiting')}
                </Tag>
              ) : (
                <Tag color="success" fill="outline">
                  {t('alerts.triggered', {
                    at: formatJst(alert.triggeredAt),
                    price: formatPrice(alert.triggeredPrice ?? '0.00'),
                  })}
                </Tag>
              )}
            </div>
          </div>
          <Button
            size="small"
            fill="outline"
            color="danger"
            className="kb-copy"
            onClick={() => void confirmRemove(alert)}
            aria-label={t('alerts.removeLabel', { name: nameOf(alert), price: formatPrice(alert.price) })}
            data-testid="alert-remove"
          >
            {t('alerts.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

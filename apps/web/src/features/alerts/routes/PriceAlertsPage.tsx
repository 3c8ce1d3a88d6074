import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { SubPage } from '../../../components/ui/SubPage';
import { usePriceAlerts } from '../api/alerts';
import { PriceAlertForm } from '../components/PriceAlertForm';
import { PriceAlertList } from '../components/PriceAlertList';

/** The investor's price alerts, and a form to add one by securities code. */
export default function PriceAlertsPage() {
  const { t } = useTranslation();
  const alerts = usePriceAlerts();
  // Opened from a stock's page: its code is filled in.
  const code = useSearchParams()[0].get('code') ?? '';
  const waiting = alerts.data?.items.filter((alert) => alert.triggeredAt === null).length ?? 0;
  return (
    <SubPage title={t('titles.priceAlerts')} testId="alerts-page">
      <section className="kb-section" data-testid="alerts">
        <h2>{t('alerts.listHeading', { count: waiting, max: alerts.data?.max ?? 0 })}</h2>
        {alerts.data ? <PriceAlertList alerts={alerts.data.items} /> : alerts.isPending && <DelayedLoading />}
      </section>
      <section className="kb-section" style={{ padding: '16px 0 0' }}>
        <h2 style={{ padding: '0 16px' }}>{t('alerts.addHeading')}</h2>
        <p className="kb-muted" style={{ padding: '0 16px' }}>
          {t('alerts.explain')}
        </p>
        <PriceAlertForm initialCode={code} />
      </section>
    </SubPage>
  );
}

import { Button } from 'antd-mobile';
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
  const first = alerts.data?.pages[0];
  const items = alerts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SubPage title={t('titles.priceAlerts')} testId="alerts-page">
      <section className="kb-section" data-testid="alerts">
        <h2>{t('alerts.listHeading', { count: first?.waiting ?? 0, max: first?.max ?? 0 })}</h2>
        {alerts.data ? <PriceAlertList alerts={items} /> : alerts.isPending && <DelayedLoading />}
        {alerts.hasNextPage && (
          <Button
            block
            fill="none"
            color="primary"
            loading={alerts.isFetchingNextPage}
            onClick={() => void alerts.fetchNextPage()}
            data-testid="alerts-more"
          >
            {t('alerts.more')}
          </Button>
        )}
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

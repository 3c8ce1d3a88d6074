import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { RefreshButton } from '../../../components/RefreshButton';
import { useTradingConfig } from '../api/use-trading';
import { MoneyCell, percent } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';

/** The fee, margin, leverage and interest settings this server trades with (read-only: set in TRADING_*). */
export function TradingConfigRoute() {
  const { t } = useTranslation();
  const query = useTradingConfig();
  const retry = () => void query.refetch();
  const config = query.data;
  return (
    <>
      <PageHeader
        title={t('nav.trading')}
        extra={<RefreshButton onRefresh={retry} loading={query.isFetching} />}
      />
      <TradingTabs active="config" />
      <QueryError error={query.error} onRetry={retry} />
      <Card>
        <Typography.Paragraph>{t('trading.config.explanation')}</Typography.Paragraph>
        {config && (
          <Descriptions
            bordered
            column={1}
            size="small"
            data-testid="trading-config"
            items={[
              {
                key: 'leverages',
                label: t('trading.config.leverages'),
                children: config.leverages
                  .map((leverage) => t('trading.leverageValue', { leverage }))
                  .join(' / '),
              },
              { key: 'feeRate', label: t('trading.config.feeRate'), children: percent(config.feeRateBp) },
              {
                key: 'feeMin',
                label: t('trading.config.feeMinimum'),
                children: <MoneyCell value={config.feeMinimum} />,
              },
              {
                key: 'feeMax',
                label: t('trading.config.feeMaximum'),
                children:
                  config.feeMaximum === null ? (
                    t('trading.config.none')
                  ) : (
                    <MoneyCell value={config.feeMaximum} />
                  ),
              },
              {
                key: 'longInterest',
                label: t('trading.config.longInterest'),
                children: percent(config.longInterestBpPerYear),
              },
              {
                key: 'shortFee',
                label: t('trading.config.shortBorrowFee'),
                children: percent(config.shortBorrowFeeBpPerYear),
              },
              {
                key: 'initial',
                label: t('trading.config.initialMargin'),
                children: percent(config.initialMarginBp),
              },
              {
                key: 'maintenance',
                label: t('trading.config.maintenance'),
                children: percent(config.maintenanceBp),
              },
              {
                key: 'liquidation',
                label: t('trading.config.liquidation'),
                children: percent(config.liquidationBp),
              },
              {
                key: 'minEquity',
                label: t('trading.config.minimumEquity'),
                children: <MoneyCell value={config.minimumEquityForLeverage} />,
              },
              {
                key: 'credit',
                label: t('trading.config.minimumCreditScore'),
                children: config.minimumCreditScoreForLeverage,
              },
              {
                key: 'maxLots',
                label: t('trading.config.maxLots'),
                children: config.maxLotsPerOrder.toLocaleString('ja-JP'),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}

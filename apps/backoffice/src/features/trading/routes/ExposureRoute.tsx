import { Card, Descriptions, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExposureLine } from '@kabuto/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { RefreshButton } from '../../../components/RefreshButton';
import { useTableLocale } from '../../../components/use-table-locale';
import { useExposure } from '../api/use-trading';
import { MoneyCell, NOWRAP, useInstrumentName } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';

const shares = (value: number) => value.toLocaleString('ja-JP');

/** The house's net exposure per code (it is every client's counterparty) and the clients' total P&L. */
export function ExposureRoute() {
  const { t } = useTranslation();
  const query = useExposure();
  const nameOf = useInstrumentName();
  const retry = () => void query.refetch();
  const locale = useTableLocale(query.error);
  const totals = query.data?.totals;
  const money = (v: string | null) => <MoneyCell value={v} />;
  const columns: TableColumnsType<ExposureLine> = [
    {
      title: t('trading.columns.instrument'),
      key: 'instrument',
      render: (_, row) => (
        <Space size={4} wrap>
          <span style={NOWRAP}>{row.code}</span>
          <span>{nameOf(row)}</span>
          {row.halted && <Tag color="error">{t('trading.status.halted')}</Tag>}
        </Space>
      ),
    },
    { title: t('trading.columns.last'), dataIndex: 'last', align: 'right', render: money },
    { title: t('trading.columns.longShares'), dataIndex: 'longShares', align: 'right', render: shares },
    { title: t('trading.columns.shortShares'), dataIndex: 'shortShares', align: 'right', render: shares },
    { title: t('trading.columns.netShares'), dataIndex: 'netShares', align: 'right', render: shares },
    { title: t('trading.columns.netNotional'), dataIndex: 'netNotional', align: 'right', render: money },
    {
      title: t('trading.columns.clientUnrealisedPnl'),
      dataIndex: 'clientUnrealisedPnl',
      align: 'right',
      render: (v: string | null) => <MoneyCell value={v} signed />,
    },
    { title: t('trading.columns.positions'), dataIndex: 'positions', align: 'right' },
  ];
  return (
    <>
      <PageHeader
        title={t('nav.trading')}
        extra={<RefreshButton onRefresh={retry} loading={query.isFetching} />}
      />
      <TradingTabs active="exposure" />
      <QueryError error={query.error} onRetry={retry} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('trading.exposure.totals')}>
          <Typography.Paragraph>{t('trading.exposure.explanation')}</Typography.Paragraph>
          {totals && (
            <Descriptions
              bordered
              column={{ xs: 1, md: 2, xl: 3 }}
              size="small"
              data-testid="exposure-totals"
              items={[
                {
                  key: 'long',
                  label: t('trading.exposure.longNotional'),
                  children: money(totals.longNotional),
                },
                {
                  key: 'short',
                  label: t('trading.exposure.shortNotional'),
                  children: money(totals.shortNotional),
                },
                { key: 'net', label: t('trading.exposure.netNotional'), children: money(totals.netNotional) },
                {
                  key: 'unrealised',
                  label: t('trading.exposure.clientUnrealisedPnl'),
                  children: <MoneyCell value={totals.clientUnrealisedPnl} signed />,
                },
                {
                  key: 'realised',
                  label: t('trading.exposure.clientRealisedPnl'),
                  children: <MoneyCell value={totals.clientRealisedPnl} signed />,
                },
                {
                  key: 'counts',
                  label: t('trading.exposure.counts'),
                  children: t('trading.exposure.countsValue', {
                    positions: totals.openPositions,
                    orders: totals.openOrders,
                  }),
                },
              ]}
            />
          )}
        </Card>
        <Card>
          <Table<ExposureLine>
            data-testid="exposure-table"
            size="middle"
            rowKey="code"
            columns={columns}
            dataSource={query.data?.items}
            loading={query.isFetching}
            pagination={false}
            locale={locale}
          />
        </Card>
      </Space>
    </>
  );
}

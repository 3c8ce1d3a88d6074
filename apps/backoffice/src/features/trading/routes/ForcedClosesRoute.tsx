import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForcedCloseEntry } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useForcedCloses } from '../api/use-trading';
import { MoneyCell, NOWRAP, percent, SideTag, UserLink } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';
import { tradingFilters, tradingQuery } from './trading-filters';

/** The forced-close log: each position the risk check closed, why, and the account at that moment. */
export function ForcedClosesRoute() {
  const { t } = useTranslation();
  const list = useListParams(['code', 'userId']);
  const query = useForcedCloses(tradingQuery(list));
  const money = (v: string | null) => <MoneyCell value={v} />;
  const columns: TableColumnsType<ForcedCloseEntry> = [
    {
      title: t('trading.columns.time'),
      dataIndex: 'createdAt',
      render: (v: string) => <JstTime value={v} stacked />,
    },
    {
      title: t('trading.columns.user'),
      dataIndex: 'userId',
      render: (id: string) => <UserLink userId={id} />,
    },
    { title: t('trading.columns.position'), dataIndex: 'positionId' },
    { title: t('trading.columns.code'), dataIndex: 'code' },
    {
      title: t('trading.columns.side'),
      dataIndex: 'side',
      render: (side: 'long' | 'short') => <SideTag side={side} />,
    },
    { title: t('trading.columns.lots'), dataIndex: 'lots', align: 'right' },
    {
      title: t('trading.columns.reason'),
      dataIndex: 'reason',
      render: (reason: string, row) => (
        <>
          <Tag color="error" style={{ whiteSpace: 'normal' }}>
            {t(`trading.forcedReasons.${reason}`)}
          </Tag>
          {row.pending && <Tag style={NOWRAP}>{t('trading.pendingAuction')}</Tag>}
        </>
      ),
    },
    { title: t('trading.columns.equity'), dataIndex: 'equity', align: 'right', render: money },
    { title: t('trading.columns.ratio'), dataIndex: 'ratioBp', align: 'right', render: percent },
    { title: t('trading.columns.exitPrice'), dataIndex: 'exitPrice', align: 'right', render: money },
    {
      title: t('trading.columns.executedAt'),
      dataIndex: 'executedAt',
      render: (v: string | null) => <JstTime value={v} stacked />,
    },
    {
      title: t('trading.columns.grossPnl'),
      dataIndex: 'realisedPnl',
      align: 'right',
      render: (v: string | null) => <MoneyCell value={v} signed />,
    },
  ];
  return (
    <ListPage
      title={t('nav.trading')}
      notice={<TradingTabs active="forced-closes" />}
      list={list}
      filters={tradingFilters(t)}
      query={query}
      testId="forced-closes-table"
      rowKey="id"
      columns={columns}
    />
  );
}

import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffPosition } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useStaffPositions } from '../api/use-trading';
import { MoneyCell, NOWRAP, SideTag, UserLink } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';
import { tradingFilters, tradingQuery } from './trading-filters';

/** Every client's open positions, with the P&L at the last price. */
export function PositionsRoute() {
  const { t } = useTranslation();
  const list = useListParams(['code', 'userId']);
  const query = useStaffPositions(tradingQuery(list));
  const money = (v: string | null) => <MoneyCell value={v} />;
  const columns: TableColumnsType<StaffPosition> = [
    { title: t('trading.columns.id'), dataIndex: 'id' },
    {
      title: t('trading.columns.user'),
      dataIndex: 'userId',
      render: (id: string) => <UserLink userId={id} />,
    },
    { title: t('trading.columns.code'), dataIndex: 'code' },
    {
      title: t('trading.columns.side'),
      dataIndex: 'side',
      render: (side: 'long' | 'short') => <SideTag side={side} />,
    },
    { title: t('trading.columns.lots'), dataIndex: 'lots', align: 'right' },
    {
      title: t('trading.columns.leverage'),
      dataIndex: 'leverage',
      align: 'right',
      render: (x: number) => `${x}x`,
    },
    { title: t('trading.columns.entryPrice'), dataIndex: 'entryPrice', align: 'right', render: money },
    { title: t('trading.columns.markPrice'), dataIndex: 'markPrice', align: 'right', render: money },
    {
      title: t('trading.columns.unrealisedPnl'),
      dataIndex: 'unrealisedPnl',
      align: 'right',
      render: (v: string | null) => <MoneyCell value={v} signed />,
    },
    { title: t('trading.columns.margin'), dataIndex: 'margin', align: 'right', render: money },
    {
      title: t('trading.columns.status'),
      dataIndex: 'status',
      render: (status: string) => <Tag style={NOWRAP}>{t(`trading.positionStatus.${status}`)}</Tag>,
    },
    {
      title: t('trading.columns.openedAt'),
      dataIndex: 'openedAt',
      render: (v: string) => <JstTime value={v} />,
    },
  ];
  return (
    <ListPage
      title={t('nav.trading')}
      notice={<TradingTabs active="positions" />}
      list={list}
      filters={tradingFilters(t)}
      query={query}
      testId="positions-table"
      rowKey="id"
      columns={columns}
    />
  );
}

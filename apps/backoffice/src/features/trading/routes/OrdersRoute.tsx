import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffOrder } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useStaffOrders } from '../api/use-trading';
import { MoneyCell, SideTag, UserLink } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';
import { chosenStatus, statusFilter, tradingFilters, tradingQuery } from './trading-filters';

const STATUSES = ['open', 'filled', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

/** Every client's orders by status: resting ones with the margin and fee they hold, filled or cancelled ones. */
export function OrdersRoute() {
  const { t } = useTranslation();
  const list = useListParams(['code', 'userId', 'status']);
  const status = chosenStatus(STATUSES, list);
  const query = useStaffOrders({ ...tradingQuery(list), status });
  const money = (v: string | null) => <MoneyCell value={v} />;
  const time = (v: string) => <JstTime value={v} />;
  const outcome: Record<Status, TableColumnsType<StaffOrder>> = {
    open: [
      { title: t('trading.columns.heldMargin'), dataIndex: 'heldMargin', align: 'right', render: money },
      { title: t('trading.columns.heldFee'), dataIndex: 'heldFee', align: 'right', render: money },
    ],
    filled: [
      { title: t('trading.columns.fillPrice'), dataIndex: 'fillPrice', align: 'right', render: money },
      { title: t('trading.columns.filledAt'), dataIndex: 'updatedAt', render: time },
    ],
    cancelled: [
      {
        title: t('trading.columns.cancelReason'),
        dataIndex: 'cancelReason',
        render: (reason: string | null) => (reason ? t(`trading.cancelReasons.${reason}`) : '—'),
      },
      { title: t('trading.columns.cancelledAt'), dataIndex: 'updatedAt', render: time },
    ],
  };
  const columns: TableColumnsType<StaffOrder> = [
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
    {
      title: t('trading.columns.type'),
      dataIndex: 'type',
      render: (type: string) => t(`trading.orderTypes.${type}`),
    },
    { title: t('trading.columns.limitPrice'), dataIndex: 'price', align: 'right', render: money },
    { title: t('trading.columns.lots'), dataIndex: 'lots', align: 'right' },
    {
      title: t('trading.columns.leverage'),
      dataIndex: 'leverage',
      align: 'right',
      render: (leverage: number) => t('trading.leverageValue', { leverage }),
    },
    { title: t('trading.columns.placedAt'), dataIndex: 'createdAt', render: time },
    ...outcome[status],
  ];
  return (
    <ListPage
      title={t('nav.trading')}
      notice={<TradingTabs active="orders" />}
      list={list}
      filters={[...tradingFilters(t), statusFilter(t, STATUSES, 'trading.orderListStatus')]}
      query={query}
      testId="orders-table"
      rowKey="id"
      columns={columns}
    />
  );
}

import { Flex, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffPosition } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useStaffPositions } from '../api/use-trading';
import { MoneyCell, NOWRAP, SideTag, UserLink } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';
import { chosenStatus, statusFilter, tradingFilters, tradingQuery } from './trading-filters';

const STATUSES = ['open', 'closed'] as const;

/** Every client's positions: open ones with the P&L at the last price, or closed ones with their exit. */
export function PositionsRoute() {
  const { t } = useTranslation();
  const list = useListParams(['code', 'userId', 'status']);
  const status = chosenStatus(STATUSES, list);
  const query = useStaffPositions({ ...tradingQuery(list), status });
  const money = (v: string | null) => <MoneyCell value={v} />;
  const signed = (v: string | null) => <MoneyCell value={v} signed />;
  const stackedTime = (v: string) => <JstTime value={v} stacked />;
  const open: TableColumnsType<StaffPosition> = [
    { title: t('trading.columns.markPrice'), dataIndex: 'markPrice', align: 'right', render: money },
    {
      title: t('trading.columns.unrealisedPnl'),
      dataIndex: 'unrealisedPnl',
      align: 'right',
      render: signed,
    },
    { title: t('trading.columns.margin'), dataIndex: 'margin', align: 'right', render: money },
    {
      title: t('trading.columns.status'),
      dataIndex: 'status',
      render: (status: string, position) =>
        position.pendingClose === 'forced' ? (
          <Tag color="error" style={NOWRAP}>
            {t('trading.positionStatus.forced-closing')}
          </Tag>
        ) : (
          <Flex vertical align="start" gap={2}>
            <Tag style={NOWRAP}>{t(`trading.positionStatus.${status}`)}</Tag>
            {position.closeLimit && (
              // A limit close is the client's resting closing order: its price is what staff are asked about.
              <span data-testid="position-close-limit">
                <MoneyCell value={position.closeLimit} />
              </span>
            )}
            {position.closeLots !== null && position.closeLots < position.lots && (
              <span style={NOWRAP} data-testid="position-close-lots">
                {t('trading.closeLots', { lots: position.closeLots })}
              </span>
            )}
          </Flex>
        ),
    },
    { title: t('trading.columns.openedAt'), dataIndex: 'openedAt', render: stackedTime },
  ];
  const closed: TableColumnsType<StaffPosition> = [
    { title: t('trading.columns.exitPrice'), dataIndex: 'exitPrice', align: 'right', render: money },
    // 実現損益 as the client sees it: after the fees and the interest or borrow fee.
    { title: t('trading.columns.netPnl'), dataIndex: 'netPnl', align: 'right', render: signed },
    {
      title: t('trading.columns.closeReason'),
      dataIndex: 'closeReason',
      render: (reason: string | null, position) => (
        <Flex vertical align="start" gap={2}>
          {reason ? <Tag style={NOWRAP}>{t(`trading.closeReasons.${reason}`)}</Tag> : '—'}
          {position.partOf && (
            // Lots closed by 一部返済 are a position of their own: staff are asked about the one they came from.
            <span data-testid="position-part-of">{t('trading.partOf', { id: position.partOf })}</span>
          )}
        </Flex>
      ),
    },
    { title: t('trading.columns.openedAt'), dataIndex: 'openedAt', render: stackedTime },
    { title: t('trading.columns.closedAt'), dataIndex: 'closedAt', render: stackedTime },
  ];
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
      render: (leverage: number) => t('trading.leverageValue', { leverage }),
    },
    { title: t('trading.columns.entryPrice'), dataIndex: 'entryPrice', align: 'right', render: money },
    ...(status === 'open' ? open : closed),
  ];
  return (
    <ListPage
      title={t('nav.trading')}
      notice={<TradingTabs active="positions" />}
      list={list}
      filters={[...tradingFilters(t), statusFilter(t, STATUSES, 'trading.positionListStatus')]}
      query={query}
      testId="positions-table"
      rowKey="id"
      columns={columns}
    />
  );
}

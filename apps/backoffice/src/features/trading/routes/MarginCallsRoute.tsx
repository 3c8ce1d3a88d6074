import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MarginCallEntry } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { useMarginCalls } from '../api/use-trading';
import { MoneyCell, NOWRAP, percent, UserLink } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';

const STATUSES = ['open', 'cleared'] as const;

/** Open, or cleared with when and how: a call a forced close ended reads apart from one the client met. */
function MarginCallStatus({ entry }: { entry: MarginCallEntry }) {
  const { t } = useTranslation();
  if (entry.clearedAt === null) return <Tag color="error">{t('trading.marginCallStatus.open')}</Tag>;
  const forced = entry.clearedBy === 'forced_close';
  return (
    <span style={{ ...NOWRAP, display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Tag color={forced ? 'warning' : undefined} style={{ marginInlineEnd: 0 }}>
        {forced ? t('trading.marginCallStatus.clearedByForcedClose') : t('trading.marginCallStatus.cleared')}
      </Tag>
      <JstTime value={entry.clearedAt} />
    </span>
  );
}

/** Margin calls (追証): open ones with their deadline, and cleared ones. */
export function MarginCallsRoute() {
  const { t } = useTranslation();
  const list = useListParams(['userId', 'status']);
  const query = useMarginCalls({
    userId: list.filters.userId || undefined,
    status: oneOf(STATUSES, list.filters.status) ?? 'all',
    page: list.page,
    pageSize: list.pageSize,
  });
  const money = (v: string) => <MoneyCell value={v} />;
  const columns: TableColumnsType<MarginCallEntry> = [
    {
      title: t('trading.columns.time'),
      dataIndex: 'createdAt',
      render: (v: string) => <JstTime value={v} />,
    },
    {
      title: t('trading.columns.user'),
      dataIndex: 'userId',
      render: (id: string) => <UserLink userId={id} />,
    },
    {
      title: t('trading.columns.raisedOn'),
      dataIndex: 'raisedOn',
      render: (d: string) => <span style={NOWRAP}>{d.replaceAll('-', '/')}</span>,
    },
    {
      title: t('trading.columns.deadline'),
      dataIndex: 'deadline',
      render: (d: string) => <span style={NOWRAP}>{d.replaceAll('-', '/')}</span>,
    },
    { title: t('trading.columns.equity'), dataIndex: 'equity', align: 'right', render: money },
    { title: t('trading.columns.openNotional'), dataIndex: 'openNotional', align: 'right', render: money },
    { title: t('trading.columns.ratio'), dataIndex: 'ratioBp', align: 'right', render: percent },
    {
      title: t('trading.columns.status'),
      key: 'status',
      render: (_, entry) => <MarginCallStatus entry={entry} />,
    },
  ];
  return (
    <ListPage
      title={t('nav.trading')}
      notice={<TradingTabs active="margin-calls" />}
      list={list}
      filters={[
        {
          kind: 'search',
          name: 'userId',
          label: t('trading.filters.userId'),
          testId: 'trading-user-filter',
          width: 200,
        },
        {
          kind: 'select',
          name: 'status',
          label: t('trading.filters.status'),
          placeholder: t('trading.filters.allStatuses'),
          options: STATUSES.map((status) => ({
            value: status,
            label: t(`trading.marginCallStatus.${status}`),
          })),
          testId: 'margin-call-status-filter',
          width: 200,
        },
      ]}
      query={query}
      testId="margin-calls-table"
      rowKey="id"
      columns={columns}
    />
  );
}

import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffInstrument } from '@kabuto/contract';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { useCan } from '../../../lib/staff-profile';
import { useStaffInstruments } from '../api/use-trading';
import { HaltControl } from '../components/HaltControl';
import { InstrumentLimitsControl } from '../components/InstrumentLimitsControl';
import { MoneyCell, NOWRAP, useInstrumentName } from '../components/trading-cells';
import { TradingTabs } from '../components/TradingTabs';

/** The house's limits on new orders in the instrument, or "none" when the global configuration applies. */
function LimitTags({ instrument }: { instrument: StaffInstrument }) {
  const { t } = useTranslation();
  const tags = [
    instrument.maxLeverage !== null && t('trading.limits.tagLeverage', { leverage: instrument.maxLeverage }),
    instrument.maxLotsPerOrder !== null &&
      t('trading.limits.tagLots', { lots: instrument.maxLotsPerOrder.toLocaleString() }),
    instrument.maxOpenLots !== null &&
      t('trading.limits.tagOpenLots', { lots: instrument.maxOpenLots.toLocaleString() }),
  ].filter((tag) => tag !== false);
  if (tags.length === 0 && instrument.shortable)
    return (
      <Typography.Text type="secondary" style={NOWRAP} data-testid="instrument-limits">
        {t('trading.limits.none')}
      </Typography.Text>
    );
  return (
    <Space size={4} wrap data-testid="instrument-limits">
      {tags.map((tag) => (
        <Tag key={tag} style={NOWRAP}>
          {tag}
        </Tag>
      ))}
      {!instrument.shortable && (
        <Tag color="warning" style={NOWRAP}>
          {t('trading.limits.tagNotShortable')}
        </Tag>
      )}
    </Space>
  );
}

/**
 * The instrument universe with its halt state, limits on new orders, last price and daily limits; halt, resume
 * and limits for trading.manage.
 */
export function InstrumentsRoute() {
  const { t } = useTranslation();
  const list = useListParams(['q', 'halted']);
  const query = useStaffInstruments({
    q: list.filters.q || undefined,
    halted: oneOf(['true', 'false'], list.filters.halted),
    page: list.page,
    pageSize: list.pageSize,
  });
  const nameOf = useInstrumentName();
  const canManage = useCan('trading.manage');
  const columns: TableColumnsType<StaffInstrument> = [
    {
      title: t('trading.columns.code'),
      dataIndex: 'code',
      render: (code: string) => <span style={NOWRAP}>{code}</span>,
    },
    { title: t('trading.columns.name'), key: 'name', render: (_, row) => nameOf(row) },
    {
      title: t('trading.columns.status'),
      dataIndex: 'halted',
      render: (halted: boolean) => (
        <Tag color={halted ? 'error' : 'success'} data-testid="instrument-status" style={NOWRAP}>
          {t(halted ? 'trading.status.halted' : 'trading.status.trading')}
        </Tag>
      ),
    },
    {
      title: t('trading.columns.limits'),
      key: 'limits',
      render: (_: unknown, row: StaffInstrument) => <LimitTags instrument={row} />,
    },
    {
      title: t('trading.columns.last'),
      dataIndex: 'last',
      align: 'right',
      render: (v: string | null) => <MoneyCell value={v} />,
    },
    {
      title: t('trading.columns.limitDown'),
      dataIndex: 'limitDown',
      align: 'right',
      render: (v: string | null) => <MoneyCell value={v} />,
    },
    {
      title: t('trading.columns.limitUp'),
      dataIndex: 'limitUp',
      align: 'right',
      render: (v: string | null) => <MoneyCell value={v} />,
    },
    ...(canManage
      ? [
          {
            title: t('trading.columns.action'),
            key: 'action',
            render: (_: unknown, row: StaffInstrument) => (
              <Space size={8} style={NOWRAP}>
                <HaltControl instrument={row} name={nameOf(row)} />
                <InstrumentLimitsControl instrument={row} name={nameOf(row)} />
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title={t('nav.trading')}
      notice={<TradingTabs active="instruments" />}
      list={list}
      filters={[
        { kind: 'search', name: 'q', label: t('trading.filters.instrument'), testId: 'instrument-search' },
        {
          kind: 'select',
          name: 'halted',
          label: t('trading.filters.status'),
          placeholder: t('trading.filters.allStatuses'),
          options: [
            { value: 'true', label: t('trading.status.halted') },
            { value: 'false', label: t('trading.status.trading') },
          ],
          testId: 'instrument-status-filter',
          width: 200,
        },
      ]}
      query={query}
      testId="instruments-table"
      rowKey="code"
      columns={columns}
    />
  );
}

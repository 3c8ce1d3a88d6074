import { Button, Descriptions, Flex, Table, Tag } from 'antd';
import type { EntryKind } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { JstTime } from '../../../components/JstTime';
import { Money } from '../../../components/Money';
import { QueryError } from '../../../components/QueryError';
import { useTableLocale } from '../../../components/use-table-locale';
import { useUserBalances, useUserLedger } from '../api/use-user-ledger';

/** A user's balances and every ledger entry that touched them. */
export function UserLedger({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const balances = useUserBalances(userId);
  const ledger = useUserLedger(userId);
  const entries = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  const b = balances.data;
  const tableLocale = useTableLocale(ledger.error);
  const retry = () => {
    if (balances.error) void balances.refetch();
    if (ledger.error) void ledger.refetch();
  };
  return (
    <Flex vertical gap={16}>
      <QueryError error={balances.error ?? ledger.error} onRetry={retry} />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 6 }}
        data-testid="user-balances"
        items={[
          {
            key: 'available',
            label: t('userLedger.available'),
            children: b && <Money value={b.available} />,
          },
          { key: 'held', label: t('userLedger.held'), children: b && <Money value={b.held} /> },
          {
            key: 'margin',
            label: t('userLedger.marginInUse'),
            children: b && <Money value={b.marginInUse} />,
          },
          { key: 'loan', label: t('userLedger.loanPayable'), children: b && <Money value={b.loanPayable} /> },
          { key: 'debt', label: t('userLedger.debt'), children: b && <Money value={b.debt} /> },
          { key: 'total', label: t('userLedger.total'), children: b && <Money value={b.total} /> },
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        data-testid="user-ledger"
        dataSource={entries}
        loading={ledger.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={tableLocale}
        columns={[
          { title: t('userLedger.columns.id'), dataIndex: 'id' },
          {
            title: t('userLedger.columns.kind'),
            dataIndex: 'kind',
            render: (kind: EntryKind) => <Tag>{t(`entryKinds.${kind}`, { ns: 'common' })}</Tag>,
          },
          {
            title: t('userLedger.columns.available'),
            dataIndex: 'availableChange',
            align: 'right',
            render: (value: string) => <Money value={value} signed />,
          },
          {
            title: t('userLedger.columns.held'),
            dataIndex: 'heldChange',
            align: 'right',
            render: (value: string) => <Money value={value} signed />,
          },
          {
            title: t('userLedger.columns.reference'),
            dataIndex: 'reference',
            render: (v: string | null, entry: { instrument: { code: string; nameJa: string } | null }) =>
              entry.instrument ? `${v} · ${entry.instrument.code} ${entry.instrument.nameJa}` : (v ?? '—'),
          },
          {
            title: t('userLedger.columns.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => <JstTime value={v} />,
          },
        ]}
      />
      {ledger.hasNextPage && (
        <Button onClick={() => void ledger.fetchNextPage()} loading={ledger.isFetchingNextPage}>
          {t('userLedger.more')}
        </Button>
      )}
    </Flex>
  );
}

import { Alert, Card, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DevSmsItem } from '@kabuto/contract';
import { JstTime } from '../../components/JstTime';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { useListParams } from '../../lib/use-list-params';
import { useTablePagination } from '../../lib/use-table-pagination';
import { useSmsOutbox } from './sms-outbox-api';

const FILTERS = ['mobile'] as const;

function useColumns(): TableColumnsType<DevSmsItem> {
  const { t } = useTranslation();
  return [
    {
      title: t('sms.columns.time'),
      dataIndex: 'createdAt',
      render: (value: string) => <JstTime value={value} />,
    },
    { title: t('sms.columns.mobile'), dataIndex: 'mobile' },
    {
      title: t('sms.columns.purpose'),
      dataIndex: 'purpose',
      render: (purpose: string) => <Tag>{t(`sms.purposes.${purpose}`, { defaultValue: purpose })}</Tag>,
    },
    {
      title: t('sms.columns.code'),
      dataIndex: 'code',
      render: (code: string) => (
        <Typography.Text code copyable data-testid="sms-code">
          {code}
        </Typography.Text>
      ),
    },
    { title: t('sms.columns.text'), dataIndex: 'text' },
  ];
}

export function SmsOutboxPage() {
  const { t } = useTranslation();
  const { page, pageSize, filters, setPage, setFilters } = useListParams(FILTERS);
  const outbox = useSmsOutbox({ mobile: filters.mobile, page, pageSize });
  const pagination = useTablePagination(page, pageSize, outbox.data?.total, setPage);
  const columns = useColumns();

  return (
    <>
      <PageHeader
        title={t('nav.smsOutbox')}
        extra={<RefreshButton onRefresh={() => void outbox.refetch()} loading={outbox.isFetching} />}
      />
      <Alert type="info" showIcon title={t('sms.devNotice')} style={{ marginBottom: 16 }} />
      <Card>
        <Input.Search
          key={filters.mobile}
          defaultValue={filters.mobile}
          allowClear
          enterButton
          placeholder={t('sms.filterPlaceholder')}
          onSearch={(mobile) => setFilters({ mobile })}
          style={{ maxWidth: 320, marginBottom: 16 }}
          data-testid="sms-mobile-filter"
        />
        <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} />
        <Table
          rowKey="id"
          data-testid="sms-table"
          columns={columns}
          dataSource={outbox.data?.items}
          loading={outbox.isLoading}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </>
  );
}

import { Card, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { JstTime } from '../../components/JstTime';
import { KycStatusTag } from '../../components/KycStatusTag';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { UserStatusTag } from '../../components/UserStatusTag';
import { useListParams } from '../../lib/use-list-params';
import { useTablePagination } from '../../lib/use-table-pagination';
import { useUserList, type StaffUserSummary } from './users-api';

const FILTERS = ['q'] as const;

function useColumns(): TableColumnsType<StaffUserSummary> {
  const { t } = useTranslation();
  return [
    {
      title: t('users.columns.userId'),
      dataIndex: 'userId',
      render: (userId: string) => <Link to={`/users/${userId}`}>{userId}</Link>,
    },
    { title: t('users.columns.mobile'), dataIndex: 'mobile' },
    {
      title: t('users.columns.status'),
      dataIndex: 'status',
      render: (status: StaffUserSummary['status']) => <UserStatusTag status={status} />,
    },
    {
      title: t('users.columns.kycStatus'),
      dataIndex: 'kycStatus',
      render: (status: StaffUserSummary['kycStatus']) => <KycStatusTag status={status} />,
    },
    { title: t('users.columns.creditScore'), dataIndex: 'creditScore', align: 'right' },
    {
      title: t('users.columns.inviteCode'),
      dataIndex: 'inviteCode',
      render: (code: string | null) => code ?? '—',
    },
    {
      title: t('users.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => <JstTime value={value} />,
    },
    {
      title: t('users.columns.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      render: (value: string | null) => <JstTime value={value} />,
    },
  ];
}

export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize, filters, setPage, setFilters } = useListParams(FILTERS);
  const users = useUserList({ q: filters.q, page, pageSize });
  const pagination = useTablePagination(page, pageSize, users.data?.total, setPage);
  const columns = useColumns();

  return (
    <>
      <PageHeader
        title={t('nav.users')}
        extra={<RefreshButton onRefresh={() => void users.refetch()} loading={users.isFetching} />}
      />
      <Card>
        <Input.Search
          key={filters.q}
          defaultValue={filters.q}
          placeholder={t('users.searchPlaceholder')}
          allowClear
          enterButton
          onSearch={(q) => setFilters({ q })}
          style={{ maxWidth: 420, marginBottom: 16 }}
          data-testid="users-search"
        />
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
        <Table
          rowKey="userId"
          data-testid="users-table"
          columns={columns}
          dataSource={users.data?.items}
          loading={users.isFetching}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          onRow={(user) => ({
            onClick: () => navigate(`/users/${user.userId}`),
            style: { cursor: 'pointer' },
          })}
        />
      </Card>
    </>
  );
}

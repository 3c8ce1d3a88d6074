import { Card, Input, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { RefreshButton } from '../../components/RefreshButton';
import { useListParams } from '../../lib/use-list-params';
import { useTablePagination } from '../../lib/use-table-pagination';
import { AuditChange } from './AuditChange';
import { useAuditColumns } from './audit-columns';
import { AUDIT_ACTIONS } from '@kabuto/contract';
import { useAuditLog } from './audit-log-api';

const FILTERS = ['action', 'targetId'] as const;

/** The append-only audit log: read-only, newest first, filterable by action and target. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { page, pageSize, filters, setPage, setFilters } = useListParams(FILTERS);
  const audit = useAuditLog({ ...filters, page, pageSize });
  const pagination = useTablePagination(page, pageSize, audit.data?.total, setPage);
  const columns = useAuditColumns();
  const actionOptions = AUDIT_ACTIONS.map((action) => ({
    value: action,
    label: t(`audit.actions.${action}`),
  }));

  return (
    <>
      <PageHeader
        title={t('nav.auditLog')}
        extra={<RefreshButton onRefresh={() => void audit.refetch()} loading={audit.isFetching} />}
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={filters.action || undefined}
            placeholder={t('audit.filters.action')}
            options={actionOptions}
            onChange={(action?: string) => setFilters({ action: action ?? '' })}
            style={{ width: 240 }}
            data-testid="audit-action-filter"
          />
          <Input.Search
            key={filters.targetId}
            defaultValue={filters.targetId}
            allowClear
            enterButton
            placeholder={t('audit.filters.targetId')}
            onSearch={(targetId) => setFilters({ targetId })}
            style={{ width: 280 }}
            data-testid="audit-target-filter"
          />
        </Space>
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
        <Table
          rowKey="id"
          data-testid="audit-table"
          columns={columns}
          dataSource={audit.data?.items}
          loading={audit.isFetching}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (entry) => <AuditChange entry={entry} /> }}
        />
      </Card>
    </>
  );
}

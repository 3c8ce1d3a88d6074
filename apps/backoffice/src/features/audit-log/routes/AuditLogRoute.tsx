import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@kabuto/contract';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { useAuditLog } from '../api/use-audit-log';
import { AuditChange } from '../components/AuditChange';
import { useAuditColumns } from '../components/use-audit-columns';

/** The append-only audit log: read-only, newest first, filterable by action and target. */
export function AuditLogRoute() {
  const { t } = useTranslation();
  const list = useListParams(['action', 'targetId']);
  const audit = useAuditLog({
    action: oneOf(AUDIT_ACTIONS, list.filters.action),
    targetId: list.filters.targetId || undefined,
    page: list.page,
    pageSize: list.pageSize,
  });
  const columns = useAuditColumns();

  return (
    <ListPage
      title={t('nav.auditLog')}
      list={list}
      filters={[
        {
          kind: 'select',
          name: 'action',
          label: t('audit.filters.action'),
          placeholder: t('audit.filters.allActions'),
          options: AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })),
          testId: 'audit-action-filter',
        },
        {
          kind: 'search',
          name: 'targetId',
          label: t('audit.filters.targetId'),
          testId: 'audit-target-filter',
        },
      ]}
      query={audit}
      testId="audit-table"
      rowKey="id"
      columns={columns}
      expandable={{ expandedRowRender: (entry) => <AuditChange entry={entry} /> }}
    />
  );
}

import { Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';

const LOGIN_FAILED = 'staff.login_failed';

export function useAuditColumns(): TableColumnsType<AuditEntry> {
  const { t } = useTranslation();
  return [
    {
      title: t('audit.columns.time'),
      dataIndex: 'createdAt',
      render: (value: string) => <JstTime value={value} />,
    },
    {
      title: t('audit.columns.staff'),
      dataIndex: 'staffUsername',
      render: (name: string | null) => name ?? '—',
    },
    {
      title: t('audit.columns.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag
          color={action.startsWith('staff.') ? 'default' : 'blue'}
          data-testid="audit-action"
          data-action={action}
        >
          {t(`audit.actions.${action}`, { defaultValue: action })}
        </Tag>
      ),
    },
    {
      title: t('audit.columns.target'),
      key: 'target',
      render: (_, { targetKind, targetId }) =>
        targetKind || targetId ? (
          <span data-testid="audit-target" style={{ whiteSpace: 'nowrap' }}>
            {targetKind && t(`audit.targetKinds.${targetKind}`, { defaultValue: targetKind })} {targetId}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t('audit.columns.reason'),
      dataIndex: 'reason',
      render: (reason: string | null, entry) => {
        if (!reason) return '—';
        const text =
          entry.action === LOGIN_FAILED
            ? t(`audit.loginFailures.${reason}`, { defaultValue: reason })
            : reason;
        return (
          <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 220 }} data-testid="audit-reason">
            {text}
          </Typography.Text>
        );
      },
    },
    { title: t('audit.columns.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
  ];
}

import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AuditEntry } from '@kabuto/contract';
import { LongText } from '../../../components/LongText';
import { JstTime } from '../../../components/JstTime';

const LOGIN_FAILED = 'staff.login_failed';
/** Its reason is the refusal's error code, its `after` the error's parameters. */
const ACTION_REFUSED = 'staff.action_refused';
// The log mixes every kind of row, so long action names (es, fr) and ids must wrap rather than widen the table.
const WRAPPING_TAG = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;
const BREAKABLE_ID = { overflowWrap: 'anywhere' } as const;

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
          style={WRAPPING_TAG}
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
          <span data-testid="audit-target">
            {targetKind && t(`audit.targetKinds.${targetKind}`, { defaultValue: targetKind })}{' '}
            <span style={BREAKABLE_ID}>{targetId}</span>
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
            : entry.action === ACTION_REFUSED
              ? refusalText(t, reason, entry.after)
              : reason;
        return <LongText testId="audit-reason">{text}</LongText>;
      },
    },
    { title: t('audit.columns.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
  ];
}

/** The rule that refused it, in the reader's language, and its code for searching. */
function refusalText(t: TFunction, errorCode: string, params: unknown): string {
  const values = typeof params === 'object' && params !== null ? params : {};
  return `${t(errorCode, { ns: 'errors', defaultValue: errorCode, ...values })} (${errorCode})`;
}

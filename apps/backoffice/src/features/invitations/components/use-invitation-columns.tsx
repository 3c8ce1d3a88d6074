import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSeedText } from '../../../lib/seed-text';
import type { InvitationCode } from '@kabuto/contract';
import { Link } from 'react-router';
import { LongText } from '../../../components/LongText';
import { JstTime } from '../../../components/JstTime';

/** Columns of the invitation-code table; the action column appears only when `onDisable` is given. */
export function useInvitationColumns(onDisable: ((invitation: InvitationCode) => void) | null) {
  const { t } = useTranslation();
  const seedText = useSeedText();
  const columns: TableColumnsType<InvitationCode> = [
    {
      title: t('invitations.columns.code'),
      dataIndex: 'code',
      render: (code: string, invitation) => (
        <Typography.Text
          code
          copyable={!invitation.disabled}
          delete={invitation.disabled}
          data-testid="invitation-code"
        >
          {code}
        </Typography.Text>
      ),
    },
    {
      title: t('invitations.columns.kind'),
      dataIndex: 'kind',
      render: (kind: InvitationCode['kind']) => <Tag>{t(`invitations.kinds.${kind}`)}</Tag>,
    },
    {
      title: t('invitations.columns.owner'),
      key: 'owner',
      render: (_, { ownerUserId, createdBy }) =>
        ownerUserId ? (
          <Link to={`/users/${ownerUserId}`} data-testid="invitation-owner">
            {ownerUserId}
          </Link>
        ) : (
          (createdBy ?? '—')
        ),
    },
    {
      title: t('invitations.columns.uses'),
      key: 'uses',
      render: (_, { usedCount, maxUses }) => (
        <span data-testid="invitation-uses" style={{ whiteSpace: 'nowrap' }}>
          {maxUses === null
            ? t('invitations.usesUnlimited', { used: usedCount })
            : t('invitations.usesLimited', { used: usedCount, max: maxUses })}
        </span>
      ),
    },
    {
      title: t('invitations.columns.note'),
      dataIndex: 'note',
      render: (note: string | null, { noteKey }) =>
        note === null ? '—' : <LongText>{seedText(note, noteKey)}</LongText>,
    },
    {
      title: t('invitations.columns.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) =>
        disabled ? (
          <Tag color="default" data-testid="invitation-status">
            {t('invitations.status.disabled')}
          </Tag>
        ) : (
          <Tag color="success" data-testid="invitation-status">
            {t('invitations.status.active')}
          </Tag>
        ),
    },
    {
      title: t('invitations.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => <JstTime value={value} />,
    },
  ];
  if (onDisable) {
    columns.push({
      title: t('invitations.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, invitation) =>
        invitation.disabled ? null : (
          <Button
            size="small"
            danger
            icon={<StopOutlined />}
            onClick={() => onDisable(invitation)}
            data-testid="disable-invitation"
          >
            {t('invitations.disable.button')}
          </Button>
        ),
    });
  }
  return columns;
}

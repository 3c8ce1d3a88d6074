import { Button, Dropdown, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSeedText } from '../../../lib/seed-text';
import { formatJst, type StaffMember } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { StaffRoleTag } from '../../../components/StaffRoleTag';
import type { MemberAction } from '../api/use-staff-members';
import { MEMBER_ACTION_TEXTS } from './member-action-texts';
import { MemberStatusTag } from './MemberStatusTag';

export function useMemberColumns(
  onAction: (member: StaffMember, action: MemberAction) => void,
): TableColumnsType<StaffMember> {
  const { t } = useTranslation();
  const seedText = useSeedText();
  const actionsMenu = (member: StaffMember) => {
    const actions: MemberAction[] = [
      'resetPassword',
      'resetAuthenticator',
      member.disabled ? 'enable' : 'disable',
    ];
    return {
      items: actions.map((action) => ({
        key: action,
        label: t(MEMBER_ACTION_TEXTS[action].button),
        danger: action === 'disable',
        onClick: () => onAction(member, action),
      })),
    };
  };
  return [
    {
      title: t('staffMembers.fields.username'),
      dataIndex: 'username',
      // Under the ID, whose credential issue joins this member to them in two-person rules, and until when.
      render: (username: string, member) => (
        <>
          {username}
          {member.countsAs && (
            <div style={{ fontSize: 12, maxWidth: 150 }} data-testid="member-counts-as">
              {countsAsText(t, member.countsAs)}
            </div>
          )}
        </>
      ),
    },
    {
      title: t('staffMembers.fields.displayName'),
      dataIndex: 'displayName',
      render: (displayName: string, member) => seedText(displayName, member.displayNameKey),
    },
    {
      title: t('staffMembers.fields.role'),
      dataIndex: 'role',
      render: (role: StaffMember['role']) => <StaffRoleTag role={role} />,
    },
    {
      title: t('staffMembers.fields.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) => <MemberStatusTag disabled={disabled} />,
    },
    {
      title: t('staffMembers.fields.lockedUntil'),
      dataIndex: 'lockedUntil',
      render: (value: string | null) => <JstTime value={value} />,
    },
    {
      title: t('staffMembers.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => <JstTime value={value} />,
    },
    {
      title: t('staffMembers.fields.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      render: (value: string | null) => <JstTime value={value} />,
    },
    {
      title: t('staffMembers.fields.actions'),
      key: 'actions',
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      fixed: 'right',
      render: (_, member) => (
        <Dropdown menu={actionsMenu(member)} trigger={['click']}>
          <Button
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('staffMembers.fields.actions')}
            data-testid="member-actions"
          />
        </Dropdown>
      ),
    },
  ];
}

/**
 * Whom a member counts as, and until when: a day, the member's own password change, or both (custody lasts
 * until the later of the two).
 */
function countsAsText(
  t: TFunction,
  countsAs: NonNullable<StaffMember['countsAs']>,
  now = Date.now(),
): string {
  const values = { username: countsAs.username, until: formatJst(countsAs.until).split(' ')[0] };
  if (!countsAs.untilPasswordChange) return t('staffMembers.countsAsUntil', values);
  return Date.parse(countsAs.until) > now
    ? t('staffMembers.countsAsUntilBoth', values)
    : t('staffMembers.countsAsUntilPasswordChange', values);
}

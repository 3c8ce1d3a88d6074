import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { JstTime } from '../../../components/JstTime';
import { KycStatusTag } from './KycStatusTag';
import { UserStatusTag } from './UserStatusTag';
import type { StaffUserDetail } from '../api/use-users';

export function UserProfile({ user }: { user: StaffUserDetail['user'] }) {
  const { t } = useTranslation();
  const items: DescriptionsProps['items'] = [
    { key: 'userId', label: t('users.columns.userId'), children: user.userId },
    { key: 'mobile', label: t('users.columns.mobile'), children: user.mobile },
    {
      key: 'status',
      label: t('users.columns.status'),
      children: <UserStatusTag status={user.status} lockedUntil={user.lockedUntil} />,
    },
    {
      key: 'kycStatus',
      label: t('users.columns.kycStatus'),
      children: <KycStatusTag status={user.kycStatus} />,
    },
    { key: 'creditScore', label: t('users.columns.creditScore'), children: user.creditScore },
    { key: 'inviteCode', label: t('users.columns.inviteCode'), children: user.inviteCode ?? '—' },
    { key: 'referralCode', label: t('userDetail.profile.referralCode'), children: user.referralCode },
    {
      key: 'hasTransactionPassword',
      label: t('userDetail.profile.transactionPassword'),
      children: user.hasTransactionPassword ? t('userDetail.profile.set') : t('userDetail.profile.notSet'),
    },
    { key: 'failedLogins', label: t('userDetail.profile.failedLogins'), children: user.failedLogins },
    {
      key: 'lockedUntil',
      label: t('userDetail.profile.lockedUntil'),
      children: <JstTime value={user.lockedUntil} />,
    },
    { key: 'createdAt', label: t('users.columns.createdAt'), children: <JstTime value={user.createdAt} /> },
    {
      key: 'lastLoginAt',
      label: t('users.columns.lastLoginAt'),
      children: <JstTime value={user.lastLoginAt} />,
    },
  ];
  if (user.status === 'frozen') {
    items.push({
      key: 'frozenReason',
      label: t('userDetail.profile.frozenReason'),
      span: 'filled',
      children: <span data-testid="frozen-reason">{user.frozenReason ?? '—'}</span>,
    });
  }
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, lg: 2, xxl: 3 }}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={items}
      data-testid="user-profile"
    />
  );
}

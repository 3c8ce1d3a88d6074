import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JstTime } from '../../../components/JstTime';
import type { StaffUserSummary } from '../api/use-users';
import { KycStatusTag } from './KycStatusTag';
import { UserStatusTag } from './UserStatusTag';

export function useUserColumns(): TableColumnsType<StaffUserSummary> {
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

import { Button, Card, Flex, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { RefreshButton } from '../../../components/RefreshButton';
import { useCan } from '../../../lib/staff-profile';
import { useUserDetail } from '../api/use-users';
import { FreezeControl } from '../components/FreezeControl';
import { SessionsTable } from '../components/SessionsTable';
import { UserLedger } from '../components/UserLedger';
import { UserProfile } from '../components/UserProfile';
import { UserStatusTag } from '../components/UserStatusTag';

export function UserDetailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const canFreeze = useCan('users.freeze');
  const canReadLedger = useCan('ledger.read');
  const detail = useUserDetail(userId);
  const user = detail.data?.user;

  return (
    <>
      <PageHeader
        title={t('userDetail.title', { userId })}
        before={
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(-1)}
            aria-label={t('userDetail.back')}
          />
        }
        after={user && <UserStatusTag status={user.status} lockedUntil={user.lockedUntil} />}
        extra={
          <Space>
            <RefreshButton onRefresh={() => void detail.refetch()} loading={detail.isFetching} />
            {user && canFreeze && <FreezeControl user={user} />}
          </Space>
        }
      />
      <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      <Flex vertical gap={16}>
        <Card title={t('userDetail.profile.title')}>
          {user ? <UserProfile user={user} /> : <Skeleton active loading={detail.isLoading} />}
        </Card>
        {canReadLedger && (
          <Card title={t('userLedger.title')}>
            <UserLedger userId={userId} />
          </Card>
        )}
        <Card title={t('userDetail.sessions.title')}>
          <SessionsTable sessions={detail.data?.sessions ?? []} loading={detail.isFetching} />
        </Card>
      </Flex>
    </>
  );
}

import { Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { JstTime } from '../../../components/JstTime';
import type { StaffUserDetail } from '../api/use-users';

type UserSession = StaffUserDetail['sessions'][number];

const orDash = (value: string | null) => value ?? '—';

function useColumns(): TableColumnsType<UserSession> {
  const { t } = useTranslation();
  return [
    {
      title: t('userDetail.sessions.status'),
      dataIndex: 'active',
      render: (active: boolean) =>
        active ? (
          <Tag color="success">{t('userDetail.sessions.active')}</Tag>
        ) : (
          <Tag>{t('userDetail.sessions.ended')}</Tag>
        ),
    },
    {
      title: t('userDetail.sessions.device'),
      dataIndex: 'deviceName',
      // the raw user agent stays one hover away for investigations
      render: (deviceName: string | null, session) => (
        <Tooltip title={session.userAgent}>
          <span>{deviceName ?? t('userDetail.sessions.unknownDevice')}</span>
        </Tooltip>
      ),
    },
    { title: t('userDetail.sessions.ip'), dataIndex: 'ip', render: orDash },
    {
      title: t('userDetail.sessions.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <JstTime value={v} />,
    },
    {
      title: t('userDetail.sessions.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      render: (v: string) => <JstTime value={v} />,
    },
    {
      title: t('userDetail.sessions.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string) => <JstTime value={v} />,
    },
  ];
}

export function SessionsTable({ sessions, loading }: { sessions: UserSession[]; loading: boolean }) {
  const columns = useColumns();
  return (
    <Table
      rowKey="id"
      size="small"
      data-testid="sessions-table"
      columns={columns}
      dataSource={sessions}
      loading={loading}
      pagination={false}
    />
  );
}

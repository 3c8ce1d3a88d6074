import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JstTime } from '../../../components/JstTime';
import { Money } from '../../../components/Money';
import { ReviewStatusTag } from '../../../components/ReviewStatusTag';
import type { DepositNotice } from '../api/funding-keys';

interface DepositActions {
  onCredit: (notice: DepositNotice) => void;
  onReject: (notice: DepositNotice) => void;
}

export function useDepositColumns(actions: DepositActions) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DepositNotice> = [
    { title: t('deposits.columns.id'), dataIndex: 'id' },
    {
      title: t('deposits.columns.user'),
      key: 'user',
      render: (_, notice) => (
        <Link to={`/users/${notice.userId}`} data-testid="notice-user">
          {notice.userId} ({notice.mobile})
        </Link>
      ),
    },
    {
      title: t('deposits.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <Money value={amount} />,
    },
    { title: t('deposits.columns.transferDate'), dataIndex: 'transferDate' },
    { title: t('deposits.columns.senderName'), dataIndex: 'senderName' },
    {
      title: t('deposits.columns.status'),
      key: 'status',
      render: (_, notice) => (
        <Space vertical size={0}>
          <ReviewStatusTag status={notice.status} />
          {notice.reason && (
            <Typography.Text type="secondary" data-testid="notice-reason">
              {notice.reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('deposits.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <JstTime value={v} />,
    },
    {
      title: t('deposits.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, notice) =>
        notice.status === 'pending' ? (
          <Space>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => actions.onCredit(notice)}
              data-testid="notice-credit"
            >
              {t('deposits.credit.button')}
            </Button>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => actions.onReject(notice)}
              data-testid="notice-reject"
            >
              {t('deposits.reject.button')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  return columns;
}

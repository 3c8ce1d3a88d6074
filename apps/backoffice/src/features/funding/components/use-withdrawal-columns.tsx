import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JstTime } from '../../../components/JstTime';
import { Money } from '../../../components/Money';
import { ReviewStatusTag } from '../../../components/ReviewStatusTag';
import type { StaffWithdrawal } from '../api/funding-keys';

interface WithdrawalActions {
  onApprove: (withdrawal: StaffWithdrawal) => void;
  onReject: (withdrawal: StaffWithdrawal) => void;
}

export function useWithdrawalColumns(actions: WithdrawalActions) {
  const { t } = useTranslation();
  const columns: TableColumnsType<StaffWithdrawal> = [
    { title: t('withdrawals.columns.id'), dataIndex: 'id' },
    {
      title: t('withdrawals.columns.user'),
      key: 'user',
      render: (_, withdrawal) => (
        <Link to={`/users/${withdrawal.userId}`}>
          {withdrawal.userId} ({withdrawal.mobile})
        </Link>
      ),
    },
    {
      title: t('withdrawals.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <Money value={amount} />,
    },
    {
      title: t('withdrawals.columns.account'),
      key: 'account',
      render: (_, w) => (
        <Space vertical size={0}>
          <span>{w.holderName}</span>
          <Typography.Text type="secondary">
            {w.bankName} {w.branchName} ({w.branchCode}){' '}
            <span data-testid="withdrawal-account-number">{w.accountNumber}</span>
          </Typography.Text>
          {w.bankAccountRemoved && (
            <Tag color="red" data-testid="withdrawal-account-removed">
              {t('withdrawals.accountRemoved')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('withdrawals.columns.status'),
      key: 'status',
      render: (_, w) => (
        <Space vertical size={0}>
          <Space size={4}>
            <ReviewStatusTag status={w.status} />
            {w.status === 'pending' && w.approvalsNeeded > 1 && (
              <Tag data-testid="withdrawal-approvals">
                {t('withdrawals.approvals', { count: w.approvedBy.length, needed: w.approvalsNeeded })}
              </Tag>
            )}
          </Space>
          {w.reason && <Typography.Text type="secondary">{w.reason}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('withdrawals.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <JstTime value={v} />,
    },
    {
      title: t('withdrawals.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, withdrawal) =>
        withdrawal.status === 'pending' ? (
          <Space>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => actions.onApprove(withdrawal)}
              data-testid="withdrawal-approve"
            >
              {t('withdrawals.approve.button')}
            </Button>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => actions.onReject(withdrawal)}
              data-testid="withdrawal-reject"
            >
              {t('withdrawals.reject.button')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  return columns;
}

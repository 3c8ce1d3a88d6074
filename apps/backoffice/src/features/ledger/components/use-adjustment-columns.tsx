import { Button, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JstTime } from '../../../components/JstTime';
import { Money } from '../../../components/Money';
import { ReviewStatusTag } from '../../../components/ReviewStatusTag';
import type { Adjustment } from '../api/use-adjustments';

interface AdjustmentActions {
  /** The signed-in staff member: who asked for an adjustment may not approve it. */
  staffId: string | undefined;
  onApprove: (adjustment: Adjustment) => void;
  onReject: (adjustment: Adjustment) => void;
}

export function useAdjustmentColumns({ staffId, onApprove, onReject }: AdjustmentActions) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Adjustment> = [
    { title: t('adjustments.columns.id'), dataIndex: 'id' },
    {
      title: t('adjustments.columns.user'),
      dataIndex: 'userId',
      render: (userId: string) => <Link to={`/users/${userId}`}>{userId}</Link>,
    },
    {
      title: t('adjustments.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <Money value={amount} signed />,
    },
    {
      title: t('adjustments.columns.reason'),
      dataIndex: 'reason',
      render: (reason: string) => (
        <Typography.Text ellipsis={{ tooltip: reason }} style={{ maxWidth: 220 }}>
          {reason}
        </Typography.Text>
      ),
    },
    {
      title: t('adjustments.columns.status'),
      key: 'status',
      render: (_, adjustment) => (
        <Space vertical size={0}>
          <ReviewStatusTag status={adjustment.status} />
          {adjustment.reviewReason && (
            <Typography.Text type="secondary">{adjustment.reviewReason}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('adjustments.columns.staff'),
      key: 'staff',
      render: (_, adjustment) =>
        t('adjustments.staffIds', {
          requested: adjustment.requestedBy,
          reviewed: adjustment.reviewedBy ?? '—',
        }),
    },
    {
      title: t('adjustments.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <JstTime value={v} />,
    },
    {
      title: t('adjustments.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, adjustment) => {
        if (adjustment.status !== 'pending') return null;
        const own = adjustment.requestedBy === staffId;
        return (
          <Space>
            <Tooltip title={own ? t('adjustments.approve.ownRequest') : undefined}>
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                disabled={own}
                onClick={() => onApprove(adjustment)}
                data-testid="adjustment-approve"
              >
                {t('adjustments.approve.button')}
              </Button>
            </Tooltip>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => onReject(adjustment)}
              data-testid="adjustment-reject"
            >
              {t('adjustments.reject.button')}
            </Button>
          </Space>
        );
      },
    },
  ];
  return columns;
}

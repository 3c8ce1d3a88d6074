import { Button, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';
import { ReviewStatusTag } from '../../../components/ReviewStatusTag';

interface NoticeActions {
  /** The signed-in staff member's username: who wrote a notice may not approve it. */
  username: string | undefined;
  onApprove: (notice: Notice) => void;
  onReject: (notice: Notice) => void;
}

export function useNoticeColumns({ username, onApprove, onReject }: NoticeActions): TableColumnsType<Notice> {
  const { t } = useTranslation();
  return [
    {
      title: t('notices.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => <JstTime value={value} />,
    },
    {
      title: t('notices.columns.title'),
      dataIndex: 'title',
      render: (title: string) => <span data-testid="notice-row-title">{title}</span>,
    },
    {
      title: t('notices.columns.body'),
      dataIndex: 'body',
      render: (body: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, expandable: true }}
          style={{ marginBottom: 0, maxWidth: 360 }}
        >
          {body}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('notices.columns.status'),
      key: 'status',
      width: 110,
      render: (_, notice) => (
        <Space vertical size={0}>
          <ReviewStatusTag status={notice.status} />
          {notice.reviewReason && <Typography.Text type="secondary">{notice.reviewReason}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('notices.columns.createdBy'),
      dataIndex: 'createdBy',
      width: 100,
      render: (createdBy: string | null) => createdBy ?? '—',
    },
    {
      title: t('notices.columns.reviewedBy'),
      dataIndex: 'reviewedBy',
      width: 100,
      render: (reviewedBy: string | null) => reviewedBy ?? '—',
    },
    {
      title: t('notices.columns.publishedAt'),
      dataIndex: 'publishedAt',
      width: 170,
      render: (value: string | null) => (value ? <JstTime value={value} /> : '—'),
    },
    {
      title: t('notices.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, notice) => {
        if (notice.status !== 'pending') return null;
        const own = notice.createdBy === username;
        const ownHint = own ? t('notices.approve.ownRequest') : undefined;
        return (
          <Space>
            <Tooltip title={ownHint}>
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                disabled={own}
                onClick={() => onApprove(notice)}
                data-testid="notice-approve"
              >
                {t('notices.approve.button')}
              </Button>
            </Tooltip>
            <Tooltip title={ownHint}>
              <Button
                size="small"
                danger
                icon={<CloseOutlined />}
                disabled={own}
                onClick={() => onReject(notice)}
                data-testid="notice-reject"
              >
                {t('notices.reject.button')}
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];
}

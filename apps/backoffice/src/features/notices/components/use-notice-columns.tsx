import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';

export function useNoticeColumns(): TableColumnsType<Notice> {
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
          style={{ marginBottom: 0, maxWidth: 480 }}
        >
          {body}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('notices.columns.createdBy'),
      dataIndex: 'createdBy',
      render: (createdBy: string | null) => createdBy ?? '—',
    },
  ];
}

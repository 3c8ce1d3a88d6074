import { useState } from 'react';
import { App, Button } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { REVIEW_STATUSES, type Notice } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { useStaffProfile } from '../../../lib/staff-profile';
import { useNotices } from '../api/use-notices';
import { BroadcastNoticeModal } from '../components/BroadcastNoticeModal';
import { ApproveNoticeModal, RejectNoticeModal } from '../components/NoticeReviewModals';
import { useNoticeColumns } from '../components/use-notice-columns';

/** Notices to every investor: one staff member writes, a different one approves (publishes) or rejects. */
export function NoticesRoute() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const username = useStaffProfile().data?.username;
  const list = useListParams(['status']);
  const notices = useNotices({
    status: oneOf(REVIEW_STATUSES, list.filters.status),
    page: list.page,
    pageSize: list.pageSize,
  });
  const [composing, setComposing] = useState(false);
  const [approving, setApproving] = useState<Notice | null>(null);
  const [rejecting, setRejecting] = useState<Notice | null>(null);
  const columns = useNoticeColumns({ username, onApprove: setApproving, onReject: setRejecting });

  return (
    <ListPage
      title={t('nav.notices')}
      actions={
        <Button
          type="primary"
          icon={<NotificationOutlined />}
          onClick={() => setComposing(true)}
          data-testid="broadcast-notice"
        >
          {t('notices.broadcast.button')}
        </Button>
      }
      list={list}
      filters={[
        {
          kind: 'select',
          name: 'status',
          label: t('notices.filters.status'),
          placeholder: t('notices.filters.allStatuses'),
          options: REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviewStatus.${status}`) })),
          testId: 'notice-status-filter',
          width: 180,
        },
      ]}
      query={notices}
      testId="notices-table"
      rowKey="id"
      columns={columns}
    >
      {composing && (
        <BroadcastNoticeModal
          onClose={() => setComposing(false)}
          onSent={(notice) => {
            setComposing(false);
            void message.success(t('notices.broadcast.done', { title: notice.title }));
          }}
        />
      )}
      {approving && <ApproveNoticeModal notice={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectNoticeModal notice={rejecting} onClose={() => setRejecting(null)} />}
    </ListPage>
  );
}

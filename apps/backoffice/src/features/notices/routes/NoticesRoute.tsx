import { useState } from 'react';
import { App, Button } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useNotices } from '../api/use-notices';
import { BroadcastNoticeModal } from '../components/BroadcastNoticeModal';
import { useNoticeColumns } from '../components/use-notice-columns';

export function NoticesRoute() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams();
  const notices = useNotices({ page: list.page, pageSize: list.pageSize });
  const [composing, setComposing] = useState(false);
  const columns = useNoticeColumns();

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
    </ListPage>
  );
}

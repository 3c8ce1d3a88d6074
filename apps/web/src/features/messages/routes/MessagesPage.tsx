import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { useMarkAllRead, useUnreadCount } from '../api/messages';
import { MessageList } from '../components/MessageList';

export default function MessagesPage() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadCount();
  const markAllRead = useMarkAllRead();
  return (
    <SubPage
      title={t('titles.messages')}
      testId="messages-page"
      right={
        <Button
          fill="none"
          size="small"
          color="primary"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          data-testid="messages-read-all"
        >
          {t('messages.markAllRead')}
        </Button>
      }
    >
      <MessageList />
    </SubPage>
  );
}

import { useState } from 'react';
import { Button } from 'antd-mobile';
import { MESSAGE_CATEGORIES, type MessageCategory } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { useMarkAllRead, useUnreadCount } from '../api/messages';
import { MessageList } from '../components/MessageList';

type Filter = MessageCategory | 'all';

/** お知らせ: every message and notice, or one filter's (取引, 入出金, その他), so a fill is not lost among logins. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadCount();
  const markAllRead = useMarkAllRead();
  const [filter, setFilter] = useState<Filter>('all');
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
      {/* The app's segmented control (the market list's, the movers'): one list under it, no tab panes. */}
      <div
        className="kb-segments"
        role="group"
        aria-label={t('titles.messages')}
        data-testid="message-filters"
      >
        {(['all', ...MESSAGE_CATEGORIES] as const).map((key) => (
          <button
            key={key}
            type="button"
            className="kb-segment"
            aria-pressed={filter === key}
            onClick={() => setFilter(key)}
            data-testid={`message-filter-${key}`}
          >
            {t(`messages.categories.${key}`)}
          </button>
        ))}
      </div>
      <MessageList key={filter} category={filter === 'all' ? null : filter} />
    </SubPage>
  );
}

import { useState } from 'react';
import { InfiniteScroll, List, Tag } from 'antd-mobile';
import { formatJst, type MessageCategory, type MessageItem } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useMarkRead, useMessageFeed } from '../api/messages';

/**
 * The feed, or one filter's part of it: unread items marked, one tap opens an item in full and marks it read,
 * more load on scrolling.
 */
export function MessageList({ category }: { category: MessageCategory | null }) {
  const { t } = useTranslation();
  const feed = useMessageFeed(category);
  const markRead = useMarkRead();
  const [openId, setOpenId] = useState<string | null>(null);

  if (feed.isPending) return <DelayedLoading />;
  if (feed.isError && !feed.data) return <EmptyState description={t('common:networkError')} />;
  const items = feed.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <EmptyState description={t(category ? 'messages.categories.empty' : 'messages.empty')} />;

  const open = (item: MessageItem) => {
    setOpenId(openId === item.id ? null : item.id);
    if (!item.read) markRead.mutate(item.id);
  };

  return (
    <>
      <List className="kb-message-list" data-testid="message-list">
        {items.map((item) => {
          const expanded = openId === item.id;
          return (
            <List.Item
              key={item.id}
              onClick={() => open(item)}
              arrow={false}
              data-expanded={expanded}
              data-testid="message-item"
              data-read={item.read}
              prefix={
                <span
                  className={item.read ? 'kb-message-marker' : 'kb-message-marker kb-message-unread'}
                  aria-label={item.read ? undefined : t('messages.unread')}
                  role={item.read ? undefined : 'img'}
                />
              }
              description={
                <>
                  <p className={expanded ? 'kb-message-body' : 'kb-message-body kb-message-preview'}>
                    {item.body}
                  </p>
                  <time dateTime={item.createdAt} className="kb-message-time">
                    {formatJst(item.createdAt)}
                  </time>
                </>
              }
            >
              <span className={item.read ? 'kb-message-title' : 'kb-message-title kb-message-title-unread'}>
                {item.source === 'notice' && (
                  <Tag color="primary" fill="outline" className="kb-message-tag">
                    {t('messages.notice')}
                  </Tag>
                )}
                {item.title}
              </span>
            </List.Item>
          );
        })}
      </List>
      <InfiniteScroll loadMore={async () => void (await feed.fetchNextPage())} hasMore={feed.hasNextPage}>
        {/* The next page loads as this footer scrolls into view: until then it is a label, not a page spinner. */}
        <span className="kb-message-end">{feed.hasNextPage ? t('common:loading') : t('messages.end')}</span>
      </InfiniteScroll>
    </>
  );
}

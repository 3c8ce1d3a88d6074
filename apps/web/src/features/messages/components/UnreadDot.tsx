import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/messages';

/**
 * Wraps the bell or the menu's notifications item: a dot when something is unread, nothing otherwise.
 * The count is said to screen readers, since the dot alone is only seen.
 */
export function UnreadDot({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const { data: count = 0 } = useUnreadCount();
  return (
    <span className="kb-unread-anchor">
      {children}
      {count > 0 && (
        <span className="kb-unread-dot" data-testid={testId}>
          <span className="kb-visually-hidden">{t('messages.unreadCount', { count })}</span>
        </span>
      )}
    </span>
  );
}

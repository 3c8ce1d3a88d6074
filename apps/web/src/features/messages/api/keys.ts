import type { MessageCategory } from '@kabuto/contract';

export const messageKeys = {
  all: ['messages'] as const,
  feed: (userId: string, category: MessageCategory | null) =>
    [...messageKeys.all, 'feed', userId, category ?? 'all'] as const,
  unreadCount: (userId: string) => [...messageKeys.all, 'unread-count', userId] as const,
};

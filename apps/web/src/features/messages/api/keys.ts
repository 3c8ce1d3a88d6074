export const messageKeys = {
  all: ['messages'] as const,
  feed: (userId: string) => [...messageKeys.all, 'feed', userId] as const,
  unreadCount: (userId: string) => [...messageKeys.all, 'unread-count', userId] as const,
};

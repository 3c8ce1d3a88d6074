import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type MessageCategory } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { messageKeys } from './keys';

const PAGE_SIZE = 20;

/** Messages and notices, newest first, a page at a time: all of them, or one filter's (category). */
export function useMessageFeed(category: MessageCategory | null) {
  const userId = useSession((state) => state.userId);
  return useInfiniteQuery({
    queryKey: messageKeys.feed(userId, category),
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.messages.list, {
        query: {
          limit: PAGE_SIZE,
          ...(category ? { category } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** How many messages are unread, while signed in; it drives the dots of the top bar and the side menu. */
export function useUnreadCount() {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userId);
  return useQuery({
    queryKey: messageKeys.unreadCount(userId),
    queryFn: () => apiClient.call(routes.messages.unreadCount),
    select: (data) => data.count,
    enabled: token !== '',
    // A badge that cannot refresh says nothing; the screen in front reports the failure if it matters.
    meta: { silent: true },
    // Messages arrive while the app is open (a credited deposit, a notice); no push channel yet.
    refetchInterval: 60_000,
  });
}

/** After reading: the feed's read marks and the count are fetched again. */
function useAfterReading() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
}

export function useMarkRead() {
  const afterReading = useAfterReading();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.messages.markRead, { params: { id } }),
    onSuccess: afterReading,
  });
}

export function useMarkAllRead() {
  const afterReading = useAfterReading();
  return useMutation({
    mutationFn: () => apiClient.call(routes.messages.markAllRead),
    onSuccess: afterReading,
  });
}

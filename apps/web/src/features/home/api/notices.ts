import { useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** How many of the newest messages Home shows. */
const LATEST = 3;

/** The newest messages and notices of the signed-in investor (the feed is per account: notices included). */
export function useLatestNotices() {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userId);
  return useQuery({
    // Under the messages feature's key, so reading a message there refreshes this too.
    queryKey: ['messages', 'latest', userId],
    queryFn: () => apiClient.call(routes.messages.list, { query: { limit: LATEST } }),
    select: (page) => page.items,
    enabled: token !== '',
    meta: { silent: true },
  });
}

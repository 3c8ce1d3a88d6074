import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from './api-client';
import { useSession } from './session-store';

/**
 * The signed-in investor's info (phone, balances, verification). It is shared code because the shell,
 * Home, the account screens, startup and sign-in all read or fill it, and features never import each other.
 */
export const currentUserKeys = {
  all: ['current-user'] as const,
  info: (userId: string) => [...currentUserKeys.all, 'info', userId] as const,
};

export const userInfoQuery = (userId: string) =>
  queryOptions({
    queryKey: currentUserKeys.info(userId),
    queryFn: () => apiClient.call(routes.legacy.userInfo, { query: { user_id: userId } }),
  });

/** The user info while a session is stored; nothing otherwise. */
export function useUserInfo() {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userId);
  return useQuery({ ...userInfoQuery(userId), enabled: token !== '' });
}

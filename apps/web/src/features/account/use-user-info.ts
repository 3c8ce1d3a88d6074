import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@kabuto/contract';
import { api } from '../../app/api-client';
import { useSession } from '../../app/session-store';

export const USER_INFO_QUERY = 'userInfo';

/** Loads the user info of the signed-in user and keeps the session copy (and localStorage) current. */
export function useUserInfo() {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userId);
  const setUserInfo = useSession((state) => state.setUserInfo);
  return useQuery({
    queryKey: [USER_INFO_QUERY, userId],
    enabled: token !== '',
    queryFn: async () => {
      const info = await api.get<UserInfo>('/index/getUserInfo', { user_id: userId });
      setUserInfo(info);
      return info;
    },
  });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppInfo } from '@kabuto/contract';
import { api } from '../../app/api-client';
import { useIsLoggedIn } from '../../app/session-store';
import { APP_INFO_QUERY, fetchAppInfo, useAppInfo } from '../app-info/use-app-info';

const QUERY_KEY = ['customerServiceUrl'];
const STALE_MS = 5 * 60_000;
const fetchKefuUrl = () => api.get<{ kefu_url: string }>('/index/getCzhiurl').then((data) => data.kefu_url);

/**
 * Opens the configured customer-service chat in a new window. Signed-in users get the link of the
 * legacy call (getCzhiurl, which needs a session); visitors get the same link from the public app info.
 * The link is prefetched so the click can open the window directly (browsers block windows opened
 * after an await).
 */
export function useCustomerService({ prefetch = true }: { prefetch?: boolean } = {}) {
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const { data: appInfo } = useAppInfo();
  const { data: kefuUrl } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: fetchKefuUrl,
    enabled: prefetch && loggedIn,
    staleTime: STALE_MS,
  });

  const fetchVisitorUrl = async () => {
    const info =
      appInfo ??
      (await queryClient.fetchQuery<AppInfo>({ queryKey: APP_INFO_QUERY, queryFn: () => fetchAppInfo() }));
    return info.customerServiceUrl;
  };
  const fetchUserUrl = async () =>
    kefuUrl ??
    (await queryClient.fetchQuery({ queryKey: QUERY_KEY, queryFn: fetchKefuUrl, staleTime: STALE_MS }));

  return async function openCustomerService() {
    const url = loggedIn ? await fetchUserUrl() : await fetchVisitorUrl();
    window.open(url, '_blank', 'noopener');
  };
}

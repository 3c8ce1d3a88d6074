import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { appInfoQuery, useAppInfo } from '../../../lib/app-info';
import { useIsLoggedIn } from '../../../lib/session-store';

export const supportKeys = {
  all: ['support'] as const,
  customerServiceUrl: () => [...supportKeys.all, 'customer-service-url'] as const,
};

const customerServiceUrlQuery = () =>
  queryOptions({
    queryKey: supportKeys.customerServiceUrl(),
    queryFn: () => apiClient.call(routes.legacy.customerService).then((link) => link.kefu_url),
    staleTime: 5 * 60_000,
  });

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
  const { data: userUrl } = useQuery({ ...customerServiceUrlQuery(), enabled: prefetch && loggedIn });

  const fetchVisitorUrl = async () =>
    (appInfo ?? (await queryClient.fetchQuery(appInfoQuery()))).customerServiceUrl;
  const fetchUserUrl = async () => userUrl ?? (await queryClient.fetchQuery(customerServiceUrlQuery()));

  return async function openCustomerService() {
    const url = loggedIn ? await fetchUserUrl() : await fetchVisitorUrl();
    window.open(url, '_blank', 'noopener');
  };
}

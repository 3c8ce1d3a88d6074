import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from './api-client';

/** The client's own version, compared with the server's latestVersionCode. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;

/**
 * The server's public app info (company, customer-service link, market host, latest version): read by
 * startup and about, and by customer service for visitors, so it is shared code.
 */
export const appInfoKeys = {
  all: ['app-info'] as const,
  info: () => [...appInfoKeys.all, 'info'] as const,
};

export const appInfoQuery = () =>
  queryOptions({
    queryKey: appInfoKeys.info(),
    queryFn: () => apiClient.call(routes.system.appInfo),
    staleTime: 5 * 60_000,
  });

export const useAppInfo = () => useQuery(appInfoQuery());

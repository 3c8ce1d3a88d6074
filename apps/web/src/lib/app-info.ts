import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from './api-client';
import { currentLang } from './i18n';

/** The client's own version, compared with the server's latestVersionCode. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;

/**
 * The server's public app info (company, customer-service link, market host, latest version): read by
 * startup and about, and by customer service for visitors, so it is shared code.
 */
export const appInfoKeys = {
  all: ['app-info'] as const,
  /** The company name comes in the request's language, so each language has its own entry. */
  info: (lang: string) => [...appInfoKeys.all, 'info', lang] as const,
};

export const appInfoQuery = (lang: string = currentLang()) =>
  queryOptions({
    queryKey: appInfoKeys.info(lang),
    queryFn: () => apiClient.call(routes.system.appInfo),
    staleTime: 5 * 60_000,
  });

export const useAppInfo = () => useQuery(appInfoQuery(currentLang()));

import { useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@kabuto/contract';
import { api } from '../../app/api-client';

/** The client's own version, compared with the server's latestVersionCode. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;

export const APP_INFO_QUERY = ['appInfo'];

export const fetchAppInfo = (silent = false) => api.get<AppInfo>('/app/info', {}, { silent });

export function useAppInfo() {
  return useQuery({ queryKey: APP_INFO_QUERY, queryFn: () => fetchAppInfo(), staleTime: 5 * 60_000 });
}

import { useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from './api-client';

/**
 * The signed-in investor's second factors. Shared code: the security page lists them and the step-up
 * dialog offers the ones the user has.
 */
export const factorKeys = { all: ['factors'] as const };

export function useFactorList(enabled = true) {
  return useQuery({
    queryKey: factorKeys.all,
    queryFn: () => apiClient.call(routes.factors.list),
    select: (data) => data.items,
    enabled,
  });
}

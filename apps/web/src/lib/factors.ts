import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from './api-client';

/**
 * The signed-in investor's second factors. Shared code: the security page lists them and the step-up
 * dialog offers the ones the user has.
 */
export const factorKeys = { all: ['factors'] as const };

export const factorListQuery = queryOptions({
  queryKey: factorKeys.all,
  queryFn: () => apiClient.call(routes.factors.list),
});

export function useFactorList() {
  return useQuery({ ...factorListQuery, select: (data) => data.items });
}

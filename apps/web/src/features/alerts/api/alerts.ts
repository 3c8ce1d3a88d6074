import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type CreatePriceAlertRequest } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

export const alertKeys = { all: ['alerts'] as const };

const PAGE_SIZE = 20;

/** The alerts page by page (waiting ones come first); every page carries the waiting count and the cap. */
export function usePriceAlerts() {
  return useInfiniteQuery({
    queryKey: alertKeys.all,
    queryFn: ({ pageParam }) =>
      apiClient.call(routes.alerts.list, { query: { page: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

function useReloadAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

export function useCreatePriceAlert() {
  const onSuccess = useReloadAlerts();
  return useMutation({
    mutationFn: (body: CreatePriceAlertRequest) => apiClient.call(routes.alerts.create, { body }),
    onSuccess,
    meta: { failuresInForm: true },
  });
}

export function useDeletePriceAlert() {
  const onSuccess = useReloadAlerts();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.alerts.remove, { params: { id } }),
    onSuccess,
  });
}

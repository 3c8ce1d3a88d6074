import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type CreatePriceAlertRequest } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

export const alertKeys = { all: ['alerts'] as const };

export function usePriceAlerts() {
  return useQuery({
    queryKey: alertKeys.all,
    queryFn: () => apiClient.call(routes.alerts.list),
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** The devices where the account is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: () => apiClient.call(routes.account.sessions),
    select: (data) => data.items,
  });
}

/** Logs out one other device of the list. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.account.revokeSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(routes.account.revokeOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

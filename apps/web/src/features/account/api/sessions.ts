import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** The devices where the account is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: () => apiClient.call(api.account.sessions),
    select: (data) => data.items,
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(api.account.revokeOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

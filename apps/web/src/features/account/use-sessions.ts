import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@kabuto/contract';
import { api } from '../../app/api-client';

const SESSIONS_QUERY = ['accountSessions'];

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY,
    queryFn: () => api.get<{ items: SessionItem[] }>('/account/sessions').then((data) => data.items),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/account/sessions/revoke-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY }),
  });
}

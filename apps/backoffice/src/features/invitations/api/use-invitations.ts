import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { invitationKeys, type InvitationListQuery } from './invitation-keys';

export function useInvitationCodes(query: InvitationListQuery) {
  return useQuery({
    queryKey: invitationKeys.list(query),
    queryFn: () => apiClient.call(api.staffInvitations.list, { query }),
    placeholderData: keepPreviousData,
  });
}

function useReloadInvitations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invitationKeys.all });
}

export function useCreateInvitation() {
  const onSuccess = useReloadInvitations();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffInvitations.create>) =>
      apiClient.call(api.staffInvitations.create, { body }),
    onSuccess,
  });
}

export function useDisableInvitation(id: string) {
  const onSuccess = useReloadInvitations();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffInvitations.disable>) =>
      apiClient.call(api.staffInvitations.disable, { params: { id }, body }),
    onSuccess,
  });
}

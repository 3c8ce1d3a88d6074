import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { createInvitationRequest, InvitationCode } from '@kabuto/contract';
import { apiGet, apiPost, type PageOf } from '../../app/api-client';

export type CreateInvitation = ReturnType<typeof createInvitationRequest.parse>;

const invitationKeys = {
  all: ['staff', 'invitation-codes'] as const,
  page: (page: number, pageSize: number) => [...invitationKeys.all, { page, pageSize }] as const,
};

export function useInvitationCodes(page: number, pageSize: number) {
  return useQuery({
    queryKey: invitationKeys.page(page, pageSize),
    queryFn: () => apiGet<PageOf<InvitationCode>>('/api/staff/invitation-codes', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'audit-log'] }),
    ]);
}

export function useCreateInvitation() {
  const onSuccess = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (request: CreateInvitation) =>
      apiPost<InvitationCode>('/api/staff/invitation-codes', request),
    onSuccess,
  });
}

export function useDisableInvitation() {
  const onSuccess = useInvalidateAfterChange();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiPost<InvitationCode>(`/api/staff/invitation-codes/${encodeURIComponent(id)}/disable`, { reason }),
    onSuccess,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { staffMemberKeys, type StaffMemberListQuery } from './staff-member-keys';

export function useStaffMembers(query: StaffMemberListQuery) {
  return useQuery({
    queryKey: staffMemberKeys.list(query),
    queryFn: () => apiClient.call(api.staffMembers.list, { query }),
    placeholderData: keepPreviousData,
  });
}

function useReloadMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffMemberKeys.all });
}

/** Creates a member; the answer holds their first password and authenticator secret, shown once. */
export function useCreateStaffMember() {
  const onSuccess = useReloadMembers();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffMembers.create>) =>
      apiClient.call(api.staffMembers.create, { body }),
    onSuccess,
  });
}

/** What an administrator can do to another member; each is audited with a reason. */
export type MemberAction = 'resetPassword' | 'resetAuthenticator' | 'disable' | 'enable';

/** Runs a member action; the resets answer with the new credential, to be shown once. */
export function useStaffMemberAction(memberId: string, action: MemberAction) {
  const onSuccess = useReloadMembers();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffMembers.disable>) =>
      apiClient.call(api.staffMembers[action], { params: { id: memberId }, body }),
    onSuccess,
  });
}

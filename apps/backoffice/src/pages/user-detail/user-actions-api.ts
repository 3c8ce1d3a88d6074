import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../app/api-client';
import { userKeys, type StaffUserDetail } from '../users/users-api';

export type UserAction = 'freeze' | 'unfreeze';

/** Freezes or unfreezes an account (audited with the reason), then reloads the user and the audit log. */
export function useUserAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: UserAction; reason: string }) =>
      apiPost<StaffUserDetail['user']>(`/api/staff/users/${encodeURIComponent(userId)}/${action}`, {
        reason,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit-log'] }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type FreezeAction = 'freeze' | 'unfreeze';

/** Freezes or unfreezes an account (audited with the reason), then reloads the user. */
export function useFreezeUser(userId: string, action: FreezeAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffUsers.freeze>) =>
      apiClient.call(api.staffUsers[action], { params: { userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

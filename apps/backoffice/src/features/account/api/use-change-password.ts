import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

/** Changes the signed-in member's own password; the server ends their other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffAuth.changePassword>) =>
      apiClient.call(api.staffAuth.changePassword, { body }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { routes, type api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.auth.resetPassword>) =>
      apiClient.call(routes.auth.resetPassword, { body }),
    meta: { failuresInForm: true },
  });
}

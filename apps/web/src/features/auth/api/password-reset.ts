import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.auth.resetPassword>) =>
      apiClient.call(api.auth.resetPassword, { body }),
    meta: { fieldErrorsInForm: true },
  });
}

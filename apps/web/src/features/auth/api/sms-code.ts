import { useMutation } from '@tanstack/react-query';
import { routes, type api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

export function useSendSmsCode() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.auth.smsCode>) => apiClient.call(routes.auth.smsCode, { body }),
    meta: { failuresInForm: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { accountKeys } from './keys';

type PasswordChange = BodyOf<typeof api.account.changePassword>;

/** Login and transaction password changes share one form. */
export type PasswordChangeMutation = ReturnType<typeof useChangePassword>;

/** Both changes end the account's other sessions. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => apiClient.call(routes.account.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
    meta: { failuresInForm: true },
  });
}

/** Sets the transaction password the first time, changes it afterwards. */
export function useChangeTransactionPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => apiClient.call(routes.account.changeTransactionPassword, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
      ]),
    meta: { failuresInForm: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { factorKeys } from '../../../lib/factors';
import { createPasskey } from '../../../lib/passkey';

/** Every change to the factors refreshes the list the security page and the step-up dialog read. */
function useFactorMutation<V, R>(mutationFn: (variables: V) => Promise<R>, failuresInForm = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorKeys.all }),
    meta: { failuresInForm },
  });
}

export const useStartTotp = () =>
  useFactorMutation(() => apiClient.call(routes.factors.totpStart, { body: {} }));

export const useVerifyTotp = () =>
  useFactorMutation((code: string) => apiClient.call(routes.factors.totpVerify, { body: { code } }), true);

/**
 * Registration options from the server, the browser's passkey dialog, then the server keeps the passkey,
 * named after the device it was made on ("Safari · iPhone"); the user may rename it.
 */
export const useAddPasskey = () =>
  useFactorMutation(async () => {
    const options = await apiClient.call(routes.factors.passkeyOptions);
    const response = await createPasskey(options);
    return apiClient.call(routes.factors.passkeyEnrol, { body: { response } });
  });

export const useRenameFactor = () =>
  useFactorMutation(({ id, label }: { id: string; label: string }) =>
    apiClient.call(routes.factors.rename, { params: { id }, body: { label } }),
  );

export const useRemoveFactor = () =>
  useFactorMutation((id: string) => apiClient.call(routes.factors.remove, { params: { id } }));

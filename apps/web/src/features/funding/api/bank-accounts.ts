import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys, type RequestBody } from './keys';

const bankAccountsQuery = {
  queryKey: fundingKeys.bankAccounts(),
  queryFn: () => apiClient.call(routes.funding.bankAccounts),
};

export function useBankAccounts() {
  return useQuery({ ...bankAccountsQuery, select: (answer) => answer.items });
}

/** Whether adding an account will be refused until the investor sets up a second factor. */
export function useBankAccountFactorRequired(): boolean {
  return useQuery({ ...bankAccountsQuery, select: (answer) => answer.factorRequired }).data ?? false;
}

function useReloadBankAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fundingKeys.bankAccounts() });
}

export function useAddBankAccount() {
  const onSuccess = useReloadBankAccounts();
  return useMutation({
    mutationFn: (body: RequestBody<typeof api.funding.addBankAccount>) =>
      apiClient.call(routes.funding.addBankAccount, { body }),
    onSuccess,
    meta: { failuresInForm: true },
  });
}

export function useRemoveBankAccount() {
  const onSuccess = useReloadBankAccounts();
  return useMutation({
    mutationFn: (id: string) => apiClient.call(routes.funding.removeBankAccount, { params: { id } }),
    onSuccess,
  });
}

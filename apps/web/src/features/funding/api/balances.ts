import { useQuery } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { fundingKeys } from './keys';

export function useBalances() {
  return useQuery({
    queryKey: fundingKeys.balances(),
    queryFn: () => apiClient.call(routes.ledger.balances),
  });
}

/** What may be withdrawn now (出金可能額): with positions open, less than the available cash. */
export function useWithdrawable() {
  return useQuery({
    queryKey: fundingKeys.withdrawable(),
    queryFn: () => apiClient.call(routes.funding.withdrawable),
  });
}

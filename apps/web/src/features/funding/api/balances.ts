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

/**
 * How often 出金可能額 is read again while shown: with positions open it moves with their prices, and 全額 must
 * not enter a figure the server has since lowered.
 */
const WITHDRAWABLE_REFRESH_MS = 10_000;

/** What may be withdrawn now (出金可能額): with positions open, less than the available cash. */
export function useWithdrawable() {
  return useQuery({
    queryKey: fundingKeys.withdrawable(),
    queryFn: () => apiClient.call(routes.funding.withdrawable),
    refetchInterval: WITHDRAWABLE_REFRESH_MS,
  });
}

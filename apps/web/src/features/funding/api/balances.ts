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

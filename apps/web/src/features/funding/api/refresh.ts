import { useQueryClient } from '@tanstack/react-query';
import { currentUserKeys } from '../../../lib/current-user';
import { fundingKeys } from './keys';

/** After money moved: the funding lists and the balances everywhere (side menu, profile, Home). */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
      queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
    ]);
}

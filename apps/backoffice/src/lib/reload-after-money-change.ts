import { useQueryClient } from '@tanstack/react-query';

/**
 * After a credit, a withdrawal decision or an adjustment: everything shown is reloaded, since the change also
 * moves the user's balances and ledger on other screens.
 */
export function useReloadAfterMoneyChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

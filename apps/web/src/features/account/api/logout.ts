import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** Ends the session on the server and here; it ends here even when the server cannot be told. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(routes.auth.logout),
    onSettled: () => {
      useSession.getState().clear();
      queryClient.removeQueries();
    },
    meta: { silent: true },
  });
}

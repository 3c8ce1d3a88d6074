import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useStaffSession } from '../../../lib/session-store';

/**
 * Ends the session on the server and forgets it here, whether or not the server still knew it. The login
 * page is opened first, so that it does not offer to return to the page the member left.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useStaffSession((state) => state.signOut);
  return useMutation({
    mutationFn: () => apiClient.call(api.staffAuth.logout),
    onSettled: async () => {
      await navigate('/login', { replace: true });
      signOut();
      queryClient.clear();
    },
  });
}

import { handleSessionExpiry } from '../lib/api-client';
import { useStaffSession } from '../lib/session-store';
import { queryClient } from './query-client';

/**
 * When the server says the session has ended (expired, logged out elsewhere, member disabled), the token is
 * dropped with the reason and every cached answer forgotten; RequireStaff then shows the login page.
 */
export function returnToLoginWhenSessionEnds(): void {
  handleSessionExpiry((error) => {
    if (useStaffSession.getState().token === null) return;
    useStaffSession.getState().expire(error);
    queryClient.clear();
  });
}

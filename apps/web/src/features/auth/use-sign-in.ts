import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@kabuto/contract';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/paths';
import { useSession } from '../../app/session-store';
import { USER_INFO_QUERY } from '../account/use-user-info';

/** Stores the session returned by login or registration and opens Home. */
export function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSession((state) => state.signIn);
  return (session: SessionResponse) => {
    signIn(session);
    queryClient.setQueryData([USER_INFO_QUERY, session.userId], session.userInfo);
    navigate(HOME_PATH, { replace: true });
  };
}

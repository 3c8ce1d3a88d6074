import { useMutation } from '@tanstack/react-query';
import type { StaffProfile } from '@kabuto/contract';
import { apiPost } from '../../app/api-client';
import { useStaffSession } from '../../app/session-store';

export interface StaffCredentials {
  username: string;
  password: string;
  totp: string;
}

export function useStaffLogin() {
  const signIn = useStaffSession((state) => state.signIn);
  return useMutation({
    mutationFn: (credentials: StaffCredentials) =>
      apiPost<{ token: string; staff: StaffProfile }>('/api/staff/auth/login', credentials),
    onSuccess: ({ token, staff }) => signIn(token, staff),
  });
}

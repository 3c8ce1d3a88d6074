import { useQuery } from '@tanstack/react-query';
import { routes, type Permission } from '@kabuto/contract';
import { apiClient } from './api-client';
import { useStaffSession } from './session-store';

export const staffProfileKeys = {
  me: ['staff-profile', 'me'] as const,
};

/** The signed-in staff member as the server sees them now (role and permissions may change). */
export function useStaffProfile() {
  const signedIn = useStaffSession((state) => state.token !== null);
  return useQuery({
    queryKey: staffProfileKeys.me,
    queryFn: () => apiClient.call(routes.staffAuth.me),
    enabled: signedIn,
  });
}

/** Whether the signed-in staff member's role grants a permission (the server checks it again). */
export function useCan(permission: Permission): boolean {
  return useStaffProfile().data?.permissions.includes(permission) ?? false;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { useStaffSession } from '../../../lib/session-store';
import { staffProfileKeys } from '../../../lib/staff-profile';
import { storedDeviceToken, storeDeviceToken } from './device-token';

export type StaffLoginRequest = BodyOf<typeof api.staffAuth.login>;

export function useStaffLogin() {
  const queryClient = useQueryClient();
  const signIn = useStaffSession((state) => state.signIn);
  return useMutation({
    mutationFn: (credentials: StaffLoginRequest) =>
      apiClient.call(api.staffAuth.login, { body: { ...credentials, deviceToken: storedDeviceToken() } }),
    onSuccess: ({ token, deviceToken, staff }) => {
      storeDeviceToken(deviceToken);
      queryClient.setQueryData(staffProfileKeys.me, staff);
      signIn(token);
    },
  });
}

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Permission, StaffProfile } from '@kabuto/contract';
import type { ApiError } from './api-client';

interface StaffSessionState {
  token: string | null;
  staff: StaffProfile | null;
  /** Why the staff member was sent back to the login page (an expired session), shown there. */
  notice: ApiError | null;
  signIn: (token: string, staff: StaffProfile) => void;
  updateProfile: (staff: StaffProfile) => void;
  signOut: () => void;
  expire: (notice: ApiError) => void;
}

export const useStaffSession = create<StaffSessionState>()(
  persist(
    (set) => ({
      token: null,
      staff: null,
      notice: null,
      signIn: (token, staff) => set({ token, staff, notice: null }),
      updateProfile: (staff) => set({ staff }),
      signOut: () => set({ token: null, staff: null, notice: null }),
      expire: (notice) => set({ token: null, staff: null, notice }),
    }),
    {
      name: 'boStaffSession',
      partialize: ({ token, staff }) => ({ token, staff }),
    },
  ),
);

/** Whether the signed-in staff member's role grants a permission (the server checks it again). */
export function useCan(permission: Permission): boolean {
  return useStaffSession((state) => state.staff?.permissions.includes(permission) ?? false);
}

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ApiError } from '@kabuto/client';

interface StaffSessionState {
  token: string | null;
  /** Why the staff member was sent back to the login page (an ended session), shown there. */
  notice: ApiError | null;
  signIn: (token: string) => void;
  signOut: () => void;
  expire: (notice: ApiError) => void;
}

/** The staff session token. Everything the server knows about the member (profile, permissions) is a query. */
export const useStaffSession = create<StaffSessionState>()(
  persist(
    (set) => ({
      token: null,
      notice: null,
      signIn: (token) => set({ token, notice: null }),
      signOut: () => set({ token: null, notice: null }),
      expire: (notice) => set({ token: null, notice }),
    }),
    {
      name: 'boStaffSession',
      partialize: ({ token }) => ({ token }),
    },
  ),
);

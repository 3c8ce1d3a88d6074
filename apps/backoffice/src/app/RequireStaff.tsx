import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStaffSession } from './session-store';

/** Sends a visitor without a staff session to the login page, remembering where they were going. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const token = useStaffSession((state) => state.token);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

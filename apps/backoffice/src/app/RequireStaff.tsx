import type { ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { QueryError } from '../components/QueryError';
import { useStaffSession } from '../lib/session-store';
import { useStaffProfile } from '../lib/staff-profile';

/**
 * Sends a visitor without a staff session to the login page, remembering where they were going; shows
 * the console once the member's profile (which decides what they may see) has loaded.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const token = useStaffSession((state) => state.token);
  const profile = useStaffProfile();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (profile.data) return children;
  return (
    <Flex vertical justify="center" align="center" style={{ minHeight: '100vh', padding: 24 }}>
      {profile.error ? (
        <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <Spin size="large" />
      )}
    </Flex>
  );
}

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StaffProfile } from '@kabuto/contract';
import { apiGet } from './api-client';
import { useStaffSession } from './session-store';

/** Refreshes the stored profile (role and permissions may have changed since login). */
export function useStaffProfile(): StaffProfile | null {
  const updateProfile = useStaffSession((state) => state.updateProfile);
  const { data } = useQuery({
    queryKey: ['staff', 'me'],
    queryFn: () => apiGet<StaffProfile>('/api/staff/me'),
  });
  useEffect(() => {
    if (data) updateProfile(data);
  }, [data, updateProfile]);
  return useStaffSession((state) => state.staff);
}

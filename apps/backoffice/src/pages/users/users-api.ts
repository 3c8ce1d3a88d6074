import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { staffUserDetail, staffUserSummary } from '@kabuto/contract';
import { apiGet, type PageOf } from '../../app/api-client';

export type StaffUserSummary = ReturnType<typeof staffUserSummary.parse>;
export type StaffUserDetail = ReturnType<typeof staffUserDetail.parse>;

export interface UserListQuery {
  q: string;
  page: number;
  pageSize: number;
}

export const userKeys = {
  all: ['staff', 'users'] as const,
  list: (query: UserListQuery) => [...userKeys.all, 'list', query] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
};

export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => apiGet<PageOf<StaffUserSummary>>('/api/staff/users', { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: () => apiGet<StaffUserDetail>(`/api/staff/users/${encodeURIComponent(userId)}`),
  });
}

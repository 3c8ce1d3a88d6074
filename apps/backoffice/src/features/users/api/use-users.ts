import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { userKeys, type UserListQuery } from './user-keys';

export type StaffUserSummary = ResponseOf<typeof api.staffUsers.list>['items'][number];
export type StaffUserDetail = ResponseOf<typeof api.staffUsers.detail>;

export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => apiClient.call(api.staffUsers.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: () => apiClient.call(api.staffUsers.detail, { params: { userId } }),
  });
}

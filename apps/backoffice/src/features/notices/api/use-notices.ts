import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { noticeKeys, type NoticeListQuery } from './notice-keys';

export function useNotices(query: NoticeListQuery) {
  return useQuery({
    queryKey: noticeKeys.list(query),
    queryFn: () => apiClient.call(api.staffNotices.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useBroadcastNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffNotices.create>) =>
      apiClient.call(api.staffNotices.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function useApproveNotice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(api.staffNotices.approve, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function useRejectNotice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffNotices.reject>) =>
      apiClient.call(api.staffNotices.reject, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

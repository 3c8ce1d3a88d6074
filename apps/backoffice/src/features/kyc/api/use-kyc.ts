import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type KycPhotoSide, type KycSubmissionStatus } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';

export interface KycListQuery {
  status?: KycSubmissionStatus | undefined;
  page: number;
  pageSize: number;
}

export const kycKeys = {
  all: ['kyc'] as const,
  list: (query: KycListQuery) => [...kycKeys.all, 'list', query] as const,
  detail: (id: string) => [...kycKeys.all, 'detail', id] as const,
  // Outside `all`: a decision refreshes the queue and the detail, never the photos, which do not change.
  photo: (id: string, side: KycPhotoSide) => ['kyc-photo', id, side] as const,
};

export function useKycList(query: KycListQuery) {
  return useQuery({
    queryKey: kycKeys.list(query),
    queryFn: () => apiClient.call(api.staffKyc.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useKycDetail(id: string) {
  return useQuery({
    queryKey: kycKeys.detail(id),
    queryFn: () => apiClient.call(api.staffKyc.detail, { params: { id } }),
  });
}

/** A submission's photo as an object URL (the request carries the staff token, which an <img> cannot). */
export function useKycPhoto(id: string, side: KycPhotoSide) {
  return useQuery({
    queryKey: kycKeys.photo(id, side),
    queryFn: async () =>
      URL.createObjectURL(await apiClient.file(api.staffKyc.photo, { params: { id, side } })),
    staleTime: Infinity,
  });
}

export function useApproveKyc(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(api.staffKyc.approve, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
}

export function useRejectKyc(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffKyc.reject>) =>
      apiClient.call(api.staffKyc.reject, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
}

export function useRecordKycKana(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.staffKyc.recordKana>) =>
      apiClient.call(api.staffKyc.recordKana, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
}

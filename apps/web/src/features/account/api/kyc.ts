import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type KycPhotoSide, type KycSubmitRequest } from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { accountKeys } from './keys';

export const kycKeys = {
  state: () => [...accountKeys.all, 'kyc'] as const,
  photo: (side: KycPhotoSide, submittedAt: string | null) =>
    [...accountKeys.all, 'kyc', 'photo', side, submittedAt] as const,
};

export function useKycState() {
  return useQuery({ queryKey: kycKeys.state(), queryFn: () => apiClient.call(routes.kyc.state) });
}

/** The photo the user sent (as the server stored it), as an object URL for an <img>. */
export function useOwnKycPhoto(side: KycPhotoSide, submittedAt: string | null) {
  return useQuery({
    queryKey: kycKeys.photo(side, submittedAt),
    queryFn: async () => URL.createObjectURL(await apiClient.file(routes.kyc.photo, { params: { side } })),
    enabled: submittedAt !== null,
    staleTime: Infinity,
  });
}

export interface KycUpload {
  body: KycSubmitRequest;
  front: File;
  back: File;
  onProgress: (fraction: number) => void;
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, front, back, onProgress }: KycUpload) =>
      apiClient.upload(routes.kyc.submit, { body, files: { front, back }, onProgress }),
    onSuccess: (state) => {
      queryClient.setQueryData(kycKeys.state(), state);
      return queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    },
    meta: { failuresInForm: true },
  });
}

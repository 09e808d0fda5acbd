import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FilePublicDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { fileTokens } from '../lib/access-token';
import { publicFileQueryKey } from './get-public-file';

/** `POST /api/public/files/{slug}/verify` → the share with token-carrying links (this counts the view). */
export function verifyFilePassword({ slug, password }: { slug: string; password: string }): Promise<FilePublicDto> {
  return apiRequest(`/public/files/${encodeURIComponent(slug)}/verify`, {
    method: 'POST',
    body: { password },
    schema: FilePublicDto,
    authorization: null,
    offline: 'verifyFilePassword',
  });
}

export function useVerifyFilePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFilePassword,
    onSuccess: (file, { slug }) => {
      fileTokens.save(slug, file);
      queryClient.setQueryData(publicFileQueryKey(slug), file);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasteUnlockedDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { saveAccessToken } from '../lib/access-token';
import { pasteViewQueryKey } from './get-paste';

/** `POST /api/paste/{slug}` with the password → the content and a short-lived access token. */
export async function unlockPaste({ slug, password }: { slug: string; password: string }): Promise<PasteUnlockedDto> {
  // Loaded with zod only when a password is sent (issue 30).
  const { PasteUnlockedDto } = await import('./paste-schemas');
  return apiRequest(`/paste/${encodeURIComponent(slug)}`, {
    method: 'POST',
    body: { password },
    schema: PasteUnlockedDto,
  });
}

export function useUnlockPaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockPaste,
    onSuccess: (paste, { slug }) => {
      saveAccessToken(slug, paste.accessToken, paste.accessTokenExpiresAt);
      queryClient.setQueryData(pasteViewQueryKey(slug), paste);
    },
  });
}

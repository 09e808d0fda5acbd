import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasteDetailDto, RAW_UPLOAD_TIMEOUT_MS, type PasteUpdateBody } from '@driftbox/contract';
import { apiRequest } from './api-client';
import { PASTES_QUERY_ROOT, ownPasteQueryKey } from './paste-query-keys';

/**
 * `PUT /api/pastes/{id}` → the paste as saved (a new link when `newSlug` was given). Shared by the
 * paste page (its owner) and the admin list; features do not import each other, so it lives here.
 */
export function updatePaste({ id, body }: { id: string; body: PasteUpdateBody }): Promise<PasteDetailDto> {
  return apiRequest(`/pastes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: PasteDetailDto,
    offline: 'updatePaste',
    timeoutMs: RAW_UPLOAD_TIMEOUT_MS,
  });
}

export interface UpdatePasteOptions {
  /**
   * Put the saved paste into its owner-read entry first: the paste page then shows it at once, under a
   * new slug too, instead of loading it again.
   */
  seedOwnPaste?: boolean;
}

/** Saving refreshes every paste query (lists, details) through the shared root. */
export function useUpdatePaste({ seedOwnPaste = false }: UpdatePasteOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaste,
    onSuccess: (paste) => {
      if (seedOwnPaste) queryClient.setQueryData(ownPasteQueryKey(paste.slug), paste);
      return queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT });
    },
  });
}

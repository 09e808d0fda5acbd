import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasteDetailDto, RAW_UPLOAD_TIMEOUT_MS, type PasteUpdateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';
import { ownPasteQueryKey } from './get-own-paste';

/** `PUT /api/pastes/{id}` → the paste as saved. */
export function updatePaste({ id, body }: { id: string; body: PasteUpdateBody }): Promise<PasteDetailDto> {
  return apiRequest(`/pastes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: PasteDetailDto,
    timeoutMs: RAW_UPLOAD_TIMEOUT_MS,
  });
}

export function useUpdatePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaste,
    onSuccess: (paste) => {
      queryClient.setQueryData(ownPasteQueryKey(paste.slug), paste);
      return queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT });
    },
  });
}

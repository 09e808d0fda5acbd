import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasteDetailDto, RAW_UPLOAD_TIMEOUT_MS, type PasteUpdateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';

/** `PUT /api/pastes/{id}` → the paste as saved (a new link when `newSlug` was given). */
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT }),
  });
}

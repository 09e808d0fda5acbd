import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasteDto, RAW_UPLOAD_TIMEOUT_MS, type PasteCreateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';

/** `POST /api/paste` → 201 with the new paste's link and settings. Up to 10 MB may travel: allow time. */
export function createPaste(body: PasteCreateBody): Promise<PasteDto> {
  return apiRequest('/paste', {
    method: 'POST',
    body,
    schema: PasteDto,
    offline: 'createPaste',
    timeoutMs: RAW_UPLOAD_TIMEOUT_MS,
  });
}

export function useCreatePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaste,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { PasteDetailDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';

/** `GET /api/pastes/{id}` — the whole paste (never its password), counting no view. */
export function getPaste(id: string): Promise<PasteDetailDto> {
  return apiRequest(`/pastes/${encodeURIComponent(id)}`, { schema: PasteDetailDto });
}

export const pasteDetailQuery = (id: string) =>
  queryOptions({ queryKey: [...PASTES_QUERY_ROOT, 'detail', id], queryFn: () => getPaste(id) });

export function usePaste(id: string) {
  return useQuery(pasteDetailQuery(id));
}

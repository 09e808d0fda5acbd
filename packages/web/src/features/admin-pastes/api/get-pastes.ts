import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, PasteListItemDto } from '@driftbox/contract';
import type { ListPage } from '../../../lib/api/api-client';
import { apiRequestList } from '../../../lib/api/api-list';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';

export interface PasteListParams {
  page: number;
  /** Already checked to have at least 2 characters, or undefined. */
  search: string | undefined;
}

/** `GET /api/pastes?page&limit=10&search` — rows in `data`, `pagination` beside them. A key sees only its own. */
export function getPastes({ page, search }: PasteListParams): Promise<ListPage<PasteListItemDto>> {
  return apiRequestList('/pastes', {
    // Spec §7: page is sent only above 1.
    query: { page: page > 1 ? page : undefined, limit: PAGE_SIZE.pastes, search },
    schema: PasteListItemDto,
  });
}

export const pastesListQueryKey = [...PASTES_QUERY_ROOT, 'list'] as const;

export const pastesQuery = (params: PasteListParams) =>
  queryOptions({
    queryKey: [...pastesListQueryKey, params],
    queryFn: () => getPastes(params),
    placeholderData: keepPreviousData,
  });

export function usePastes(params: PasteListParams) {
  return useQuery(pastesQuery(params));
}

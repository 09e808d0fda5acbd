import { queryOptions } from '@tanstack/react-query';
import { PasteDetailDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { ownPasteQueryKey } from '../../../lib/api/paste-query-keys';

/**
 * `GET /api/pastes/{slug}` (the management detail accepts a slug): answers only for the admin or the
 * key that created the paste, and counts no view. That makes it the owner check of the paste page.
 */
export function getOwnPaste(slug: string): Promise<PasteDetailDto> {
  return apiRequest(`/pastes/${encodeURIComponent(slug)}`, { schema: PasteDetailDto });
}

export const ownPasteQuery = (slug: string) =>
  queryOptions({ queryKey: ownPasteQueryKey(slug), queryFn: () => getOwnPaste(slug), retry: false });

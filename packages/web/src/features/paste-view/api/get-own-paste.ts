import { queryOptions } from '@tanstack/react-query';
import type { PasteDetailDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { ownPasteQueryKey } from '../../../lib/api/paste-query-keys';

/**
 * `GET /api/pastes/{slug}` (the management detail accepts a slug): answers only for the admin or the
 * key that created the paste, and counts no view. That makes it the owner check of the paste page.
 */
export async function getOwnPaste(slug: string): Promise<PasteDetailDto> {
  // The schema (and zod) load only for someone who may own the paste, never for a visitor (issue 30).
  const { PasteDetailDto } = await import('./paste-schemas');
  return apiRequest(`/pastes/${encodeURIComponent(slug)}`, { schema: PasteDetailDto });
}

export const ownPasteQuery = (slug: string) =>
  queryOptions({ queryKey: ownPasteQueryKey(slug), queryFn: () => getOwnPaste(slug), retry: false });

import { queryOptions } from '@tanstack/react-query';
import { PASTE_TOKEN_HEADER } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { takeEarlyPaste } from '../../../lib/boot/early';
import { readAccessToken } from '../lib/access-token';
import { PasteReadSchema, type PasteRead } from './paste-read';

export type { PasteRead };

/** `GET /api/paste/{slug}`, with the access token of an earlier password check when there is one. */
export function getPaste(slug: string, token: string | undefined): Promise<PasteRead> {
  return apiRequest(`/paste/${encodeURIComponent(slug)}`, {
    schema: PasteReadSchema,
    headers: token ? { [PASTE_TOKEN_HEADER]: token } : undefined,
    // index.html sent this very read (anonymous, no token) before the bundle ran.
    sent: token ? undefined : takeEarlyPaste(slug),
  });
}

/** Outside the shared pastes root on purpose: invalidating a list must never re-read (and count) a view. */
export const pasteViewQueryKey = (slug: string) => ['paste-view', slug] as const;

/**
 * Every read counts a view, so this query never refetches by itself: not on focus, not when
 * remounted, not on error.
 */
export const pasteViewQuery = (slug: string) =>
  queryOptions({
    queryKey: pasteViewQueryKey(slug),
    queryFn: () => getPaste(slug, readAccessToken(slug)),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

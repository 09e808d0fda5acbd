import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { FALLBACK_PREVIEW_SETTINGS, previewSettingsFrom, type PreviewSettings } from '../../../lib/shares/file-preview';

const Row = z.object({ key: z.string(), value: z.string() });

/** `GET /api/admin/settings?group=2&metadata=false`: the admin's preview lists (public), as the file page reads them. */
async function getPreviewSettings(): Promise<PreviewSettings> {
  const rows = await apiRequest('/admin/settings', {
    query: { group: 2, metadata: false },
    schema: z.array(Row),
    authorization: null,
  });
  return previewSettingsFrom(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

// The file page's key: one cache entry for both.
const previewSettingsQuery = queryOptions({
  queryKey: ['preview-settings'],
  queryFn: getPreviewSettings,
  staleTime: 5 * 60_000,
});

/** The preview lists; the catalogue's defaults (and any text) when they cannot be read. */
export function usePreviewSettings(): PreviewSettings {
  return useQuery(previewSettingsQuery).data ?? FALLBACK_PREVIEW_SETTINGS;
}

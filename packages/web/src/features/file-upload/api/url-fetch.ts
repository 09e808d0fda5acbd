import { UrlFetchJobDto, UrlInfoDto, type UrlFetchBody } from '@driftbox/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

/** `POST /api/url/info`: name, size and type of a remote file, looked up by the server. */
export function getUrlInfo(url: string, signal?: AbortSignal): Promise<UrlInfoDto> {
  return apiRequest('/url/info', { method: 'POST', body: { url }, schema: UrlInfoDto, signal });
}

/**
 * `POST /api/url/fetch`: the server streams the source into storage (no CORS, nothing held in the
 * browser) and answers 202 with a job whose progress follows spec §9 (0–49 % fetched, 50–99 % stored).
 */
export function startUrlFetch(body: UrlFetchBody): Promise<UrlFetchJobDto> {
  return apiRequest('/url/fetch', { method: 'POST', body, schema: UrlFetchJobDto });
}

/** `GET /api/url/fetch/{file_id}`: the job's progress. */
export function getUrlFetch(fileId: string, signal?: AbortSignal): Promise<UrlFetchJobDto> {
  return apiRequest(`/url/fetch/${encodeURIComponent(fileId)}`, { schema: UrlFetchJobDto, signal });
}

/** `POST /api/url/cancel`: stops the transfer and deletes its share. */
export async function cancelUrlFetch(fileId: string): Promise<void> {
  await apiRequest('/url/cancel', { method: 'POST', body: { file_id: fileId }, schema: z.unknown() });
}

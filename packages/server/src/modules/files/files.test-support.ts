import type { FileDetailDto } from '@driftbox/contract';
import { expect } from 'vitest';
import type { FilesTable } from '../../db/schema.js';
import type { CallResult, Harness, Headers } from '../../test/harness.js';

/** Response of a raw request, parsed like `h.call` does. */
export async function parsed(res: Response): Promise<CallResult> {
  const text = await res.text();
  const body =
    (res.headers.get('content-type') ?? '').includes('json') && text
      ? (JSON.parse(text) as Record<string, unknown>)
      : {};
  return { status: res.status, headers: res.headers, body, text };
}

/** `POST /api/upload` with a multipart form: `fields` before the file unless listed in `after`. */
export async function uploadForm(
  h: Harness,
  content: string | Uint8Array,
  options: {
    filename?: string;
    type?: string;
    fields?: Record<string, string>;
    after?: Record<string, string>;
    headers?: Headers;
  } = {},
): Promise<CallResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', new Blob([content], { type: options.type ?? 'text/plain' }), options.filename ?? 'hello.txt');
  for (const [name, value] of Object.entries(options.after ?? {})) form.append(name, value);
  return parsed(
    await h.app.request('/api/upload', { method: 'POST', body: form, headers: options.headers ?? h.actors.admin() }),
  );
}

/** A PUT of raw bytes with their length, as a browser sends one to a presigned or part URL. */
export async function putBytes(
  h: Harness,
  url: string,
  body: Uint8Array,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  return parsed(
    await h.app.request(url, { method: 'PUT', body, headers: { 'Content-Length': String(body.length), ...headers } }),
  );
}

/** `PUT /api/upload-direct/{filename}` with a raw body. */
export async function uploadDirect(
  h: Harness,
  filename: string,
  content: string | Uint8Array,
  options: { query?: string; headers?: Headers } = {},
): Promise<CallResult> {
  const url = `/api/upload-direct/${encodeURIComponent(filename)}${options.query ? `?${options.query}` : ''}`;
  // Bytes, not a string: a string body would make the request say text/plain.
  const body = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return parsed(await h.app.request(url, { method: 'PUT', body, headers: options.headers ?? h.actors.admin() }));
}

/** Uploads a share as the admin (unless told) and returns it; options are upload-direct query parameters. */
export async function seedFile(
  h: Harness,
  options: { name?: string; content?: string; query?: Record<string, string>; headers?: Headers } = {},
): Promise<FileDetailDto> {
  const query = new URLSearchParams({ use_proxy: '1', ...options.query }).toString();
  const res = await uploadDirect(h, options.name ?? 'hello.txt', options.content ?? 'hello world', {
    query,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as FileDetailDto;
}

/** The stored row, straight from the database (pending ones too). */
export function fileRow(h: Harness, slugOrId: string) {
  return h.db
    .selectFrom('files')
    .selectAll()
    .where((eb) => eb.or([eb('slug', '=', slugOrId), eb('id', '=', slugOrId)]))
    .executeTakeFirst();
}

/** Object keys currently stored in the default LOCAL config. */
export async function localKeys(h: Harness): Promise<string[]> {
  const { store } = await h.services.storageConfigs.storeFor('local');
  return (await store.list()).objects.map((o) => o.key);
}

/** A relative URL of the app (LOCAL presigned URLs are app-relative) or an absolute one, called in-process when it is ours. */
export function appPath(url: string): string {
  return url.startsWith('http://localhost') ? url.slice('http://localhost'.length) : url;
}

/**
 * A files row to insert straight into the table: a share of the admin's on the local storage with every
 * option at its default, last changed when it was made.
 */
export function shareRow(
  h: Harness,
  row: Pick<FilesTable, 'id' | 'slug' | 'filename' | 'storage_path' | 'mimetype' | 'status' | 'created_at'> & {
    size: number;
  },
) {
  return {
    ...row,
    storage_config_id: 'local',
    file_path: null,
    etag: null,
    remark: null,
    password_hash: null,
    password_version: 0,
    expires_at: null,
    max_views: 0,
    views: 0,
    last_viewed_at: null,
    use_proxy: 0,
    upload_id: null,
    created_by: h.adminActor.id,
    updated_at: row.created_at,
  };
}

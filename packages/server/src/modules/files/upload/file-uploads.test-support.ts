import type { Harness } from '../../../test/harness.js';
import { putBytes } from '../files.test-support.js';

/** Shared set-up of the upload route tests (file-uploads.routes*.test.ts, presign and multipart on LOCAL). */

export const MiB = 1024 * 1024;
export const PART = 5 * MiB;

/** The upload calls the tests make as the admin (or `headers`): the size limit, JSON posts, PUTs of bytes, a multipart plan. */
export function uploadCalls(h: Harness) {
  const setLimit = (value: string, unit = 'KB') =>
    h.call('PUT', '/api/admin/settings/group/1', {
      headers: h.actors.admin(),
      body: { max_upload_size: value, max_upload_size_unit: unit },
    });
  const post = (path: string, body: unknown, headers = h.actors.admin()) => h.call('POST', path, { headers, body });
  const put = (url: string, body: Uint8Array, headers?: Record<string, string>) => putBytes(h, url, body, headers);
  const init = (size: number, headers = h.actors.admin()) =>
    post(
      '/api/upload/multipart/init',
      { filename: 'big.bin', size, partSize: PART, partCount: Math.ceil(size / PART), slug: 'big' },
      headers,
    );
  const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
  return { setLimit, post, put, init, bytes };
}

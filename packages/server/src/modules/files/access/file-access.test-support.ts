import type { Harness } from '../../../test/harness.js';
import { fileRow, parsed } from '../files.test-support.js';

/** Shared set-up of the public file access route tests (file-access.routes*.test.ts). */

export const HOUR = 3600_000;

/** A visitor reading, unlocking and fetching a share, and its stored view count. */
export function fileAccessCalls(h: Harness) {
  const info = (slug: string, headers: Record<string, string> = {}) =>
    h.call('GET', `/api/public/files/${slug}`, { headers });
  const verify = (slug: string, password: unknown) =>
    h.call('POST', `/api/public/files/${slug}/verify`, { body: { password } });
  const get = async (path: string, headers: Record<string, string> = {}) =>
    parsed(await h.app.request(path, { headers }));
  const views = async (slug: string) => (await fileRow(h, slug))?.views;
  return { info, verify, get, views };
}

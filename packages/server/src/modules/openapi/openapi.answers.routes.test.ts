import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallResult } from '../../test/harness.js';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsUploadCalls } from '../fs-upload/fs-upload.test-support.js';
import { fsCalls } from '../fs/fs.test-support.js';
import { ROUTE_DOCS } from './openapi.document.js';
import type { DocData, RouteDoc } from './openapi.types.js';

/** The zod schema a documented `data` stands for. */
function validator(data: DocData | null): z.ZodType {
  if (data === null) return z.null();
  if (data instanceof z.ZodType) return data;
  if ('many' in data) return z.array(validator(data.many));
  return z.union(data.anyOf.map(validator) as [z.ZodType, z.ZodType]);
}

/**
 * `res` is the answer `route` documents: its status (or `status`), the envelope, and `data` valid AND
 * complete — parsing strips keys a schema does not name, so an undocumented field fails the comparison
 * (the document's output objects say `additionalProperties: false`).
 */
function expectDocumented(route: RouteDoc, res: CallResult, status?: number) {
  const answer = route.answer as { data: DocData | null; status?: number };
  expect(res.status, res.text).toBe(status ?? answer.status ?? 200);
  expect(res.body).toMatchObject({ code: res.status, success: true, message: expect.any(String) });
  const parsed = validator(answer.data).safeParse(res.body.data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(parsed.data).toEqual(res.body.data);
}

const docOf = (method: string, path: string): RouteDoc => {
  const route = ROUTE_DOCS.find((r) => r.method === method && r.path === path);
  if (!route || !('data' in route.answer)) throw new Error(`${method} ${path}: no documented data`);
  return route;
};

/** Every documented GET without path parameters whose answer has a described `data`: the admin can call it as is. */
const PLAIN_GETS = ROUTE_DOCS.filter(
  (r) => r.method === 'GET' && !/[:*]/.test(r.path) && 'data' in r.answer && r.path.startsWith('/api/'),
);

/** The required query parameters of some of them. */
const QUERIES: Record<string, string> = {
  '/api/admin/settings/metadata': '?key=site_title',
  '/api/fs/search': '?q=notes',
  '/api/fs/get': '?path=/',
  '/api/fs/file-link': '?path=/',
};
/** Plain GETs that need a mount's file: called in the mount test below. */
const NEEDS_MOUNT = new Set(['/api/fs/get', '/api/fs/file-link']);

describe.each(dialects)('answers match the OpenAPI document (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  const up = fsUploadCalls(() => h, 'LOCAL');

  it('has a dozen plain GETs to call', () => {
    expect(PLAIN_GETS.length).toBeGreaterThan(12);
  });

  it.each(PLAIN_GETS.filter((r) => !NEEDS_MOUNT.has(r.path)).map((r) => [r.path, r] as const))(
    'GET %s: status and data as documented',
    async (_path, route) => {
      const res = await h.call('GET', route.path + (QUERIES[route.path] ?? ''), { headers: h.actors.admin() });
      expectDocumented(route, res);
    },
  );

  it('settings of one group, with and without metadata', async () => {
    const route = docOf('GET', '/api/admin/settings');
    for (const query of ['?group=1', '?group=4&metadata=false', '?metadata=false'])
      expectDocumented(route, await h.call('GET', `/api/admin/settings${query}`, { headers: h.actors.admin() }));
  });

  it('the mount explorer on LOCAL: lists, entries, links and writes', async () => {
    await fs.mount('local', '/oa/m', { cache_ttl: 0 });
    const get = (path: string) => h.call('GET', `/api/fs/get?path=${fs.q(path)}`, { headers: h.actors.admin() });
    expectDocumented(docOf('POST', '/api/fs/mkdir'), await fs.post('/api/fs/mkdir', { path: '/oa/m/dir' }));
    expectDocumented(docOf('POST', '/api/fs/upload'), await fs.upload('/oa/m/dir', 'a.txt', 'hello'));
    const update = await fs.post('/api/fs/update', { path: '/oa/m/b.md', content: '# b' });
    expectDocumented(docOf('POST', '/api/fs/update'), update);
    const list = docOf('GET', '/api/fs/list');
    for (const path of ['/', '/oa', '/oa/m', '/oa/m/dir']) expectDocumented(list, await fs.list(path));
    for (const path of ['/oa/m/dir/a.txt', '/oa/m/dir', '/oa/m'])
      expectDocumented(docOf('GET', '/api/fs/get'), await get(path));
    const link = await h.call('GET', `/api/fs/file-link?path=${fs.q('/oa/m/b.md')}&force_download=true`, {
      headers: h.actors.admin(),
    });
    expectDocumented(docOf('GET', '/api/fs/file-link'), link);
    const rename = docOf('POST', '/api/fs/rename');
    expectDocumented(rename, await fs.post('/api/fs/rename', { oldPath: '/oa/m/b.md', newPath: '/oa/m/c.md' }));
    expectDocumented(rename, await fs.post('/api/fs/rename', { oldPath: '/oa/m/dir', newPath: '/oa/m/dir2' }));
    const remove = docOf('POST', '/api/fs/batch-remove');
    expectDocumented(remove, await fs.post('/api/fs/batch-remove', { paths: ['/oa/m/c.md', '/oa/m/gone'] }));
    expectDocumented(remove, await fs.post('/api/fs/batch-remove', { paths: ['/oa/m/dir2'] }), 202);
  });

  it('uploads into a mount on LOCAL: presign and commit, multipart from init to complete and abort', async () => {
    await fs.mount('local', '/oa/u', { cache_ttl: 0 });
    const bytes = new TextEncoder().encode('hello');
    const presign = await up.post('/api/fs/presign', { path: '/oa/u', fileName: 'p.txt', fileSize: 5 });
    expectDocumented(docOf('POST', '/api/fs/presign'), presign);
    const p = presign.body.data as { presignedUrl: string; headers: Record<string, string>; fileId: string };
    expect((await up.put(p.presignedUrl, bytes, p.headers)).status).toBe(200);
    const commit = await up.post('/api/fs/presign/commit', { fileId: p.fileId });
    expectDocumented(docOf('POST', '/api/fs/presign/commit'), commit);

    const start = (fileName: string) =>
      up.post('/api/fs/multipart/init', { path: '/oa/u', fileName, fileSize: 5, partSize: 5 });
    const init = await start('m.txt');
    expectDocumented(docOf('POST', '/api/fs/multipart/init'), init);
    const m = init.body.data as { uploadId: string; presignedUrls: { url: string }[] };
    const ref = { path: '/oa/u', fileName: 'm.txt', uploadId: m.uploadId };
    const uploads = await up.post('/api/fs/multipart/list-uploads', { path: '/oa/u' });
    expectDocumented(docOf('POST', '/api/fs/multipart/list-uploads'), uploads);
    expect((uploads.body.data as { uploads: unknown[] }).uploads).toHaveLength(1);
    const refreshed = await up.post('/api/fs/multipart/refresh-urls', { ...ref, partNumbers: [1] });
    expectDocumented(docOf('POST', '/api/fs/multipart/refresh-urls'), refreshed);
    const put = await up.put(m.presignedUrls[0]!.url, bytes);
    expect(put.status, put.text).toBe(200);
    const parts = await up.post('/api/fs/multipart/list-parts', ref);
    expectDocumented(docOf('POST', '/api/fs/multipart/list-parts'), parts);
    const etag = (parts.body.data as { parts: { ETag: string }[] }).parts[0]!.ETag;
    const complete = await up.post('/api/fs/multipart/complete', { ...ref, parts: [{ PartNumber: 1, ETag: etag }] });
    expectDocumented(docOf('POST', '/api/fs/multipart/complete'), complete);

    const other = (await start('n.txt')).body.data as { uploadId: string };
    const abort = await up.post('/api/fs/multipart/abort', { path: '/oa/u/n.txt', uploadId: other.uploadId });
    expectDocumented(docOf('POST', '/api/fs/multipart/abort'), abort);
  });
});

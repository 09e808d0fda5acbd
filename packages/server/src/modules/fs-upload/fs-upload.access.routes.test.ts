import { MOUNT_PERMISSIONS, Permission } from '@driftbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, type Headers } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls } from '../fs/fs.test-support.js';

/** Paths the vfs must refuse (400) before any storage call, as in the fs routes' own corpus. */
const CORPUS = [
  '/data/../secret',
  '/data/%2e%2e/secret',
  '/data/%252e%252e/secret',
  '/data\\..\\secret',
  '/data/docs\u0000.png',
  '/data/\uff0e\uff0e/secret',
];

/** Every path-taking upload route, with `path` in its path field. */
const ROUTES: Record<string, (path: string) => unknown> = {
  presign: (path) => ({ path, fileName: 'a.txt', fileSize: 1 }),
  'presign/commit': (path) => ({ targetPath: path }),
  'multipart/init': (path) => ({ path, fileName: 'a.bin', fileSize: 1 }),
  'multipart/complete': (path) => ({ path, uploadId: 'u', parts: [{ PartNumber: 1, ETag: 'e' }] }),
  'multipart/abort': (path) => ({ path, uploadId: 'u' }),
  'multipart/list-uploads': (path) => ({ path }),
  'multipart/list-parts': (path) => ({ path, uploadId: 'u' }),
  'multipart/refresh-urls': (path) => ({ path, uploadId: 'u', partNumbers: [1] }),
};

describe.each(dialects)('fs upload routes: bits, paths and base paths (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  const call = (route: string, path: string, headers: Headers) =>
    h.call('POST', `/api/fs/${route}`, { headers, body: ROUTES[route]!(path) });

  beforeAll(async () => {
    await fs.mount('local', '/data');
    await fs.mount('local', '/nest/deep');
    await fs.seed('local', { 'docs/a.txt': 'a', 'team/t.txt': 't' });
  });

  it.each(Object.keys(ROUTES))('%s refuses the traversal corpus with 400', async (route) => {
    for (const path of CORPUS) {
      const res = await call(route, path, h.actors.admin());
      expect(res.status, `${route} ${JSON.stringify(path)}`).toBe(400);
    }
    expect(await fs.keys('local')).toEqual(['docs/a.txt', 'team/t.txt']);
  });

  it.each(Object.keys(ROUTES))('%s refuses a path outside the key’s basic_path (403)', async (route) => {
    const headers = await h.actors.apiKey(MOUNT_PERMISSIONS, { basicPath: '/data/team' });
    for (const path of ['/data/docs', '//data//docs', '/nest/deep']) {
      const res = await call(route, path, headers);
      expect(res.status, `${route} ${path}`).toBe(403);
    }
  });

  it.each(Object.keys(ROUTES))('%s needs MOUNT_UPLOAD (403 for a key with every other bit)', async (route) => {
    const headers = await h.actors.apiKey(MOUNT_PERMISSIONS & ~Permission.MOUNT_UPLOAD);
    expect((await call(route, '/data/team', headers)).status).toBe(403);
  });

  it('lets a key upload inside its basic_path, and refuses virtual folders and mount roots', async () => {
    const headers = await h.actors.apiKey(Permission.MOUNT_UPLOAD, { basicPath: '/data/team' });
    expect((await call('presign', '/data/team', headers)).status).toBe(200);
    expect((await call('multipart/init', '/data/team/sub', headers)).status).toBe(200);
    // `/nest` only shows mounts: nothing can be stored there.
    expect((await call('presign', '/nest', h.actors.admin())).status).toBe(404);
    const root = await h.call('POST', '/api/fs/presign/commit', {
      headers: h.actors.admin(),
      body: { targetPath: '/nest' },
    });
    expect(root.status).toBe(400);
    // A file named like an existing folder is a conflict.
    const folder = await h.call('POST', '/api/fs/presign', {
      headers: h.actors.admin(),
      body: { path: '/data', fileName: 'docs', fileSize: 1 },
    });
    expect(folder.status).toBe(409);
    // The staging folder is never a target.
    const hidden = await h.call('POST', '/api/fs/presign', {
      headers: h.actors.admin(),
      body: { path: '/data/.driftbox-staging', fileName: 'x', fileSize: 1 },
    });
    expect(hidden.status).toBe(404);
  });
});

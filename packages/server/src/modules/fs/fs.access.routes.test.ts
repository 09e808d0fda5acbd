import { MOUNT_PERMISSIONS, Permission } from '@driftbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, type Headers } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls } from './fs.test-support.js';

/**
 * Paths the vfs must refuse before any storage call (decoded once: each is what the client meant).
 * Doubled slashes are not here: the vfs folds them into one (`//data//x` is `/data/x`), which can
 * never leave a base path — the base-path cases below send them too.
 */
const CORPUS = [
  '/data/../secret.txt',
  '/data/%2e%2e/secret.txt',
  '/data/%252e%252e/secret.txt',
  '/data\\..\\secret.txt',
  '/data/docs/a.txt\u0000.png',
  '/data/\uff0e\uff0e/secret.txt',
];

/** Every path-taking route, calling it with `path` in each of its path fields. */
function routeCalls(
  fs: ReturnType<typeof fsCalls>,
  h: { call: (m: string, u: string, o: object) => Promise<{ status: number }> },
) {
  const get = (route: string) => (path: string, headers: Headers) =>
    h.call('GET', `/api/fs/${route}?path=${fs.q(path)}`, { headers });
  const post = (route: string, body: (path: string) => unknown) => (path: string, headers: Headers) =>
    h.call('POST', `/api/fs/${route}`, { headers, body: body(path) });
  return {
    list: get('list'),
    get: get('get'),
    download: get('download'),
    'file-link': get('file-link'),
    mkdir: post('mkdir', (path) => ({ path })),
    update: post('update', (path) => ({ path, content: 'x' })),
    'rename (old)': post('rename', (path) => ({ oldPath: path, newPath: '/data/docs/renamed.txt' })),
    'rename (new)': post('rename', (path) => ({ oldPath: '/data/team/t.txt', newPath: path })),
    'batch-remove': post('batch-remove', (path) => ({ paths: [path] })),
    upload: async (path: string, headers: Headers) => fs.upload(path, 'up.txt', 'x', { headers }),
  };
}

describe.each(dialects)('fs paths and base paths (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  const calls = routeCalls(fs, h);

  beforeAll(async () => {
    await fs.mount('local', '/data');
    await fs.mount('local', '/nest/deep');
    await fs.seed('local', { 'docs/a.txt': 'a', 'team/t.txt': 't', 'secret.txt': 's' });
  });

  it.each(Object.keys(calls))('%s refuses the traversal corpus with 400 before touching storage', async (route) => {
    for (const path of CORPUS) {
      const res = await calls[route as keyof typeof calls](path, h.actors.admin());
      expect(res.status, `${route} ${JSON.stringify(path)}`).toBe(400);
    }
    expect(await fs.keys('local')).toEqual(['docs/a.txt', 'secret.txt', 'team/t.txt']);
  });

  it.each(Object.keys(calls))('%s refuses a path outside the key’s basic_path with 403', async (route) => {
    const headers = await h.actors.apiKey(MOUNT_PERMISSIONS, { basicPath: '/data/team' });
    for (const path of ['/data/docs/a.txt', '//data//docs/a.txt', '/data/team/../docs/a.txt']) {
      const res = await calls[route as keyof typeof calls](path, headers);
      expect(res.status, path).toBe(path.includes('..') ? 400 : 403);
    }
    expect(await fs.keys('local')).toEqual(['docs/a.txt', 'secret.txt', 'team/t.txt']);
  });

  it('lets a key walk down to its base path, showing only the entries on the way', async () => {
    const headers = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/data/team' });
    expect(await fs.names('/', headers)).toEqual(['data']);
    expect(await fs.names('/data', headers)).toEqual(['team']);
    expect(await fs.names('/data/team', headers)).toEqual(['t.txt']);
    expect((await fs.list('/nest', headers)).status).toBe(403);
  });

  it('refuses writes to a virtual folder', async () => {
    for (const [route, body] of [
      ['mkdir', { path: '/nest/x' }],
      ['update', { path: '/nest/x.txt', content: 'x' }],
    ] as const) {
      const res = await fs.post(`/api/fs/${route}`, body);
      expect(res.status, route).toBe(404);
    }
    const res = await fs.post('/api/fs/update', { path: '/nest', content: 'x' });
    expect(res.body).toMatchObject({
      code: 400,
      message: 'This folder only shows mounts; nothing can be stored or changed here',
    });
  });
});

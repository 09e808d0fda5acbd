import { Permission, type StorageConfigDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { searchCalls } from './fs-search.test-support.js';

const OBJECTS = [
  'docs/report.txt',
  'docs/Report/a.txt',
  'docs/2024/annual-report.pdf',
  'photos/reporter.jpg',
  'misc/unrelated.txt',
  'shares/.driftbox-staging/report',
];

describe.each(dialects)('GET /api/fs/search over the index (%s, LOCAL)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = mountCalls(() => h);
  const s = searchCalls(() => h);
  const admin = () => h.actors.admin();
  let team: { id: string };

  beforeEach(async () => {
    await s.put('local', OBJECTS);
    team = await created({ name: 'team', mount_path: '/team' });
  });

  it('answers from the index, filled by a background task; ranks exact, prefix, substring, then path', async () => {
    const first = await s.found(admin(), { q: 'report' });
    expect(first).toMatchObject({ results: [], total: 0, mountsSearched: [team.id], mountsIndexing: [team.id] });
    await s.refresh();
    const done = await s.found(admin(), { q: 'REPORT' });
    expect(done.results.map((r) => r.path)).toEqual([
      '/team/docs/Report',
      '/team/docs/report.txt',
      '/team/photos/reporter.jpg',
      '/team/docs/2024/annual-report.pdf',
    ]);
    expect(done).toMatchObject({ total: 4, hasMore: false, mountsIndexing: [] });
    expect(done.results[0]).toMatchObject({ isDirectory: true, mount_name: 'team', storage_type: 'LOCAL' });
    expect(done.results[1]).toMatchObject({
      name: 'report.txt',
      isDirectory: false,
      size: 'body of docs/report.txt'.length,
      mount_id: team.id,
      s3_key: 'docs/report.txt',
    });
    expect(done.searchParams).toEqual({
      query: 'REPORT',
      scope: 'global',
      mountId: null,
      path: null,
      limit: 50,
      offset: 0,
    });
    // Nested folders are indexed as folders; staging objects never.
    expect(await s.paths(admin(), { q: '2024' })).toEqual(['/team/docs/2024']);
    expect(await s.paths(admin(), { q: 'driftbox' })).toEqual([]);
    const page = await s.found(admin(), { q: 'report', limit: 2, offset: 1 });
    expect(page.results.map((r) => r.name)).toEqual(['report.txt', 'reporter.jpg']);
    expect(page).toMatchObject({ total: 4, hasMore: true });
    // Wildcards of LIKE are matched literally.
    expect(await s.paths(admin(), { q: '%_' })).toEqual([]);
  });

  it('filters by scope: a directory, a mount; nested mounts hide what lies below them', async () => {
    const other = await h.call('POST', '/api/s3-configs', {
      headers: admin(),
      body: { name: 'second', storage_type: 'LOCAL', is_public: 1 },
    });
    const second = other.body.data as StorageConfigDto;
    await s.put(second.id, ['reporting.md']);
    const deep = await created({ name: 'deep', mount_path: '/team/photos', storage_config_id: second.id });
    await s.found(admin(), { q: 'report' });
    await s.refresh();
    expect(await s.paths(admin(), { q: 'report' })).toEqual([
      '/team/docs/Report',
      '/team/docs/report.txt',
      '/team/photos/reporting.md',
      '/team/docs/2024/annual-report.pdf',
    ]);
    expect(await s.paths(admin(), { q: 'report', scope: 'directory', path: '/team/docs/2024' })).toEqual([
      '/team/docs/2024/annual-report.pdf',
    ]);
    expect(await s.paths(admin(), { q: 'report', scope: 'directory', path: '/team/photos' })).toEqual([
      '/team/photos/reporting.md',
    ]);
    expect(await s.paths(admin(), { q: 'report', scope: 'mount', mount_id: deep.id })).toEqual([
      '/team/photos/reporting.md',
    ]);
    const inTeam = await s.found(admin(), { q: 'report', scope: 'mount', mount_id: team.id });
    expect(inTeam).toMatchObject({ total: 3, mountsSearched: [team.id] });
    expect((await s.call(admin(), { q: 'report', scope: 'mount' })).body).toMatchObject({
      code: 400,
      details: [{ path: 'mount_id' }],
    });
    expect((await s.call(admin(), { q: 'report', scope: 'mount', mount_id: 'nope' })).status).toBe(404);
    expect((await s.call(admin(), { q: 'report', scope: 'directory' })).status).toBe(400);
    expect((await s.call(admin(), { q: 'report', scope: 'directory', path: '/nowhere' })).status).toBe(404);
  });

  it('confines a key to its base path, whatever the scope', async () => {
    const b = await created({ name: 'b', mount_path: '/b' });
    await s.found(admin(), { q: 'report' });
    await s.refresh();
    expect((await s.found(admin(), { q: 'report' })).total).toBe(8);
    const inTeam = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/team' });
    const global = await s.found(inTeam, { q: 'report' });
    expect(global.total).toBe(4);
    expect(global.results.every((r) => r.path.startsWith('/team/'))).toBe(true);
    expect(global.mountsSearched).toEqual([team.id]);
    const inDocs = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/team/docs' });
    expect(await s.paths(inDocs, { q: 'report' })).toEqual([
      '/team/docs/Report',
      '/team/docs/report.txt',
      '/team/docs/2024/annual-report.pdf',
    ]);
    expect(await s.paths(inDocs, { q: 'report', scope: 'mount', mount_id: team.id })).toHaveLength(3);
    expect((await s.call(inDocs, { q: 'report', scope: 'mount', mount_id: b.id })).status).toBe(404);
    for (const path of ['/b', '/team', '/team/photos', '/team/docs2', '/']) {
      const res = await s.call(inDocs, { q: 'report', scope: 'directory', path });
      expect([path, res.status, res.body.error]).toEqual([path, 403, 'PATH_FORBIDDEN']);
    }
    for (const path of [
      '/team/docs/../photos',
      '/team/docs/%2e%2e/photos',
      '/team/docs/%252e%252e/photos',
      '/team/docs\\..\\photos',
      '/team/docs/a\0b',
      '/team/docs//..//photos',
    ]) {
      const res = await s.call(inDocs, { q: 'report', scope: 'directory', path });
      expect([path, res.status]).toEqual([path, 400]);
    }
  });

  it('refuses a short query with the spec message, a limit above 200, and callers without the bit', async () => {
    const short = await s.call(admin(), { q: ' a ' });
    expect(short.body).toMatchObject({ code: 400, details: [{ path: 'q' }] });
    expect(short.text).toContain('at least 2 characters');
    const zh = await h.call('GET', '/api/fs/search?q=a', { headers: { ...admin(), 'Accept-Language': 'zh-CN' } });
    expect(zh.text).toContain('搜索关键词至少需要 2 个字符');
    expect((await s.call(admin(), { q: 'report', limit: 201 })).status).toBe(400);
    expect((await s.call(admin(), { q: 'report', limit: 200 })).status).toBe(200);
    expect((await s.call(h.actors.anon, { q: 'report' })).status).toBe(401);
    const upload = await h.actors.apiKey(Permission.MOUNT_UPLOAD);
    expect((await s.call(upload, { q: 'report' })).body).toMatchObject({ code: 403, error: 'PERMISSION_DENIED' });
  });
});

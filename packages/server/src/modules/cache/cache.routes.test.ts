import { Permission, type CacheStatsDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('cache routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  beforeEach(async () => {
    // Reading a setting fills the settings cache.
    await h.call('GET', '/api/admin/settings?group=4');
  });

  const stats = async () => {
    const res = await h.call('GET', '/api/admin/cache/stats', { headers: h.actors.admin() });
    expect(res.status, res.text).toBe(200);
    return res.body.data as CacheStatsDto;
  };
  const clear = (path: string, headers: Record<string, string>, body: unknown = {}) =>
    h.call('POST', path, { headers, body });

  it('GET /admin/cache/stats: entries per registered cache, memory in MB, uptime by the clock', async () => {
    h.clock.advance(90_500);
    const data = await stats();
    expect(data.cache).toEqual({ settings: 1, 'fs-listings': 0 });
    expect(data.timestamp).toBe('2026-01-01T00:01:30.500Z');
    expect(data.system.uptime).toBe(90);
    const { memory } = data.system;
    expect(Object.keys(memory)).toEqual([
      'rss',
      'heapTotal',
      'heapUsed',
      'external',
      'arrayBuffers',
      'heapUsagePercent',
    ]);
    expect(memory.rss).toBeGreaterThan(memory.heapUsed);
    expect(memory.heapUsed).toBeLessThan(4096);
    expect(memory.heapUsagePercent).toBeGreaterThan(0);
    expect(memory.heapUsagePercent).toBeLessThanOrEqual(100);
  });

  it('POST /admin/cache/clear without a scope drops every cache; the next read reloads from the database', async () => {
    await h.db
      .updateTable('settings')
      .set({ value: 'Written by another instance' })
      .where('key', '=', 'site_title')
      .execute();
    expect((await h.call('GET', '/api/admin/settings?group=4')).text).not.toContain('Written by another instance');
    const res = await clear('/api/admin/cache/clear', h.actors.admin());
    expect(res.body).toEqual({
      code: 200,
      success: true,
      message: 'Cache cleared',
      data: { clearedCount: 1, timestamp: TEST_START },
    });
    expect((await stats()).cache).toEqual({ settings: 0, 'fs-listings': 0 });
    expect((await h.call('GET', '/api/admin/settings?group=4')).text).toContain('Written by another instance');
  });

  it('a scoped admin clear leaves caches outside the scope alone', async () => {
    expect((await clear('/api/admin/cache/clear', h.actors.admin(), { mountId: 'm1' })).body.data).toMatchObject({
      clearedCount: 0,
    });
    expect((await clear('/api/admin/cache/clear', h.actors.admin(), { s3ConfigId: 'local' })).body.data).toMatchObject({
      clearedCount: 0,
    });
    expect((await stats()).cache).toEqual({ settings: 1, 'fs-listings': 0 });
    const both = await clear('/api/admin/cache/clear', h.actors.admin(), { mountId: 'm1', s3ConfigId: 'local' });
    expect(both.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 's3ConfigId' }] });
  });

  it('POST /user/cache/clear: a MOUNT_VIEW key never flushes global caches; unseen mounts are 404', async () => {
    const key = await h.actors.apiKey(Permission.MOUNT_VIEW);
    const res = await clear('/api/user/cache/clear', key);
    expect(res.body).toMatchObject({ code: 200, success: true, data: { clearedCount: 0, timestamp: TEST_START } });
    expect((await clear('/api/user/cache/clear', key, { s3ConfigId: 'local' })).body.data).toMatchObject({
      clearedCount: 0,
    });
    expect((await stats()).cache).toEqual({ settings: 1, 'fs-listings': 0 });
    const hidden = await clear('/api/user/cache/clear', key, { mountId: 'someone-elses' });
    expect(hidden.body).toMatchObject({ code: 404, success: false, error: 'NOT_FOUND', message: 'Mount not found' });
    // The admin may use the user route too, with the admin's reach.
    expect((await clear('/api/user/cache/clear', h.actors.admin())).body.data).toMatchObject({ clearedCount: 1 });
  });
});

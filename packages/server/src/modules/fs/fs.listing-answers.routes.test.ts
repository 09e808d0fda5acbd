import { Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { createApp } from '../../app.js';
import { dialects, testCrypto } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { fsCalls } from './fs.test-support.js';

// A cached listing is kept as its ready answer (the serialized envelope). Two callers share one only when
// everything the answer depends on is equal: the page and its version, the path, the caller's access (a
// key on its way down to its base path sees one entry), the mounts the caller may see, the language.
describe.each(dialects)('fs listing answers from the cache (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const fs = fsCalls(() => h);
  const mounts = mountCalls(() => h);

  it('never hands one caller’s cached answer to a caller whose base path or bits differ', async () => {
    await fs.mount('local', '/c', { cache_ttl: 300 });
    await fs.seed('local', { 'a/x.txt': 'x', 'b/y.txt': 'y', 'top.txt': 't' });
    const toA = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/c/a' });
    const whole = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/c' });
    const noView = await h.actors.apiKey(Permission.TEXT, { basicPath: '/c' });
    for (let round = 0; round < 2; round++) {
      expect(await fs.names('/c')).toEqual(['a', 'b', 'top.txt']);
      expect(await fs.names('/c', toA)).toEqual(['a']);
      expect(await fs.names('/c', whole)).toEqual(['a', 'b', 'top.txt']);
      expect((await fs.list('/c', noView)).status).toBe(403);
      expect((await fs.list('/c/b', toA)).status).toBe(403);
    }
    const zh = await fs.list('/c', { ...h.actors.admin(), 'X-Language': 'zh-CN' });
    const en = await fs.list('/c');
    expect(zh.body.message).not.toBe(en.body.message);
    expect(zh.body.data).toEqual(en.body.data);
    expect(en.body).toMatchObject({ code: 200, message: 'Success', success: true });
    expect(en.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('shows a write through the vfs, and a mount added, moved or removed, on the next listing', async () => {
    const c = await fs.mount('local', '/c', { cache_ttl: 300 });
    await fs.seed('local', { 'a/x.txt': 'x' });
    const key = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/c' });
    expect(await fs.names('/c', key)).toEqual(['a']);
    expect((await fs.post('/api/fs/mkdir', { path: '/c/made' })).status).toBe(201);
    expect(await fs.names('/c', key)).toEqual(['a', 'made']);
    // A deeper mount shows in its parent's listing (and hides the same-named folder) at once.
    const deep = await fs.mount('local', '/c/a', { cache_ttl: 300 });
    const items = async () => (await fs.list('/c', key)).body.data as { items: { name: string; isMount?: true }[] };
    expect((await items()).items).toEqual([
      expect.objectContaining({ name: 'a', isMount: true }),
      expect.objectContaining({ name: 'made' }),
    ]);
    expect((await mounts.update(deep.id, { is_active: false })).status).toBe(200);
    expect((await items()).items.map((i) => [i.name, i.isMount ?? false])).toEqual([
      ['a', false],
      ['made', false],
    ]);
    expect((await mounts.update(c.id, { mount_path: '/d' })).status).toBe(200);
    expect((await fs.list('/c', key)).status).toBe(404);
    expect((await fs.list('/d')).body.data).toMatchObject({ path: '/d', items: [{ name: 'a' }, { name: 'made' }] });
  });

  it('a second app on the same database serves no stale answer after a write on the first', async () => {
    await fs.mount('local', '/c', { cache_ttl: 300 });
    const key = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/c' });
    const other = createApp({
      config: h.config,
      db: h.db,
      clock: h.clock,
      ids: cryptoIds(),
      logger: memoryLogger(),
      crypto: testCrypto(),
    }).app;
    const namesOnOther = async () => {
      const res = await other.request('/api/fs/list?path=%2Fc', { headers: key });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { items: { name: string }[] } }).data.items.map((i) => i.name);
    };
    expect(await namesOnOther()).toEqual([]);
    expect(await namesOnOther()).toEqual([]);
    expect((await fs.upload('/c', 'new.txt', 'n')).status).toBe(201);
    expect(await namesOnOther()).toEqual(['new.txt']);
    expect((await fs.post('/api/fs/batch-remove', { paths: ['/c/new.txt'] })).status).toBe(200);
    expect(await namesOnOther()).toEqual([]);
  });
});

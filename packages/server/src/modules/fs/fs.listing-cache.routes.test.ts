import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { dialects, testCrypto } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import type { ListResult } from '../../storage/object-store.js';
import type { VfsMount } from '../../vfs/vfs-types.js';
import { createListingCache } from './fs-listing-cache.js';
import { fsCalls } from './fs.test-support.js';

// Listings are cached per mount for its cache_ttl; a write through the vfs on ANY instance sharing the
// database bumps the mount's listing version, so every instance's next listing misses at once.
describe.each(dialects)('fs listing cache across instances (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const fs = fsCalls(() => h);

  /** A second app instance on the same database and storage folder (another process behind the balancer). */
  function secondInstance() {
    const { app } = createApp({
      config: h.config,
      db: h.db,
      clock: h.clock,
      ids: cryptoIds(),
      logger: memoryLogger(),
      crypto: testCrypto(),
    });
    return async (path: string) => {
      const res = await app.request(`/api/fs/list?path=${fs.q(path)}`, { headers: h.actors.admin() });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { items: { name: string }[] } }).data.items.map((i) => i.name);
    };
  }

  it('serves a cached page until a write on another instance, then lists again at once', async () => {
    await fs.mount('local', '/c', { cache_ttl: 300 });
    await fs.seed('local', { 'one.txt': '1' });
    const listOnB = secondInstance();
    expect(await listOnB('/c')).toEqual(['one.txt']);
    // Written behind the vfs's back: no notice, so B's page stays as it was (it is a cache).
    await fs.seed('local', { 'sneaked.txt': 's' });
    expect(await listOnB('/c')).toEqual(['one.txt']);
    // Written through the vfs on A: B sees it on its very next listing.
    expect((await fs.post('/api/fs/mkdir', { path: '/c/made' })).status).toBe(201);
    expect(await listOnB('/c')).toEqual(['made', 'one.txt', 'sneaked.txt']);
    // A page also ends with the mount's cache_ttl.
    await fs.seed('local', { 'later.txt': 'l' });
    h.clock.advance(301 * 1000);
    expect(await listOnB('/c')).toEqual(['made', 'later.txt', 'one.txt', 'sneaked.txt']);
  });

  it('never caches a mount with cache_ttl 0, and refresh=true skips the cache', async () => {
    await fs.mount('local', '/n', { cache_ttl: 0 });
    await fs.mount('local', '/r', { cache_ttl: 300 });
    expect(await fs.names('/n')).toEqual([]);
    expect(await fs.names('/r')).toEqual([]);
    await fs.seed('local', { 'x.txt': 'x' });
    expect(await fs.names('/n')).toEqual(['x.txt']);
    expect(await fs.names('/r')).toEqual([]);
    const fresh = await fs.list('/r', undefined, '&refresh=true');
    expect((fresh.body.data as { items: unknown[] }).items).toHaveLength(1);
  });

  it('registers its pages with the cache registry: an admin clear of the mount drops them', async () => {
    const mount = await fs.mount('local', '/s', { cache_ttl: 300 });
    await fs.names('/s');
    const sizes = () => h.services.caches.sizes()['fs-listings'];
    expect(sizes()).toBe(1);
    const res = await fs.post('/api/admin/cache/clear', { mountId: mount.id });
    expect(res.status, res.text).toBe(200);
    expect(sizes()).toBe(0);
  });

  it('lists a cold page once for the callers arriving together (single flight); refresh lists again', async () => {
    const created = await fs.mount('local', '/sf', { cache_ttl: 300 });
    const cache = createListingCache({ db: h.db, clock: h.clock, logger: memoryLogger() });
    const mount = { id: created.id, storageConfigId: 'local', cacheTtl: 300 } as VfsMount;
    let listings = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const load = async (): Promise<ListResult> => {
      listings += 1;
      await gate;
      return { objects: [], prefixes: [`p${listings}/`], nextCursor: null };
    };
    const options = { prefix: '', delimiter: '/', limit: 1000 };
    const callers = Array.from({ length: 8 }, () => cache.page(mount, options, load));
    // Let every caller read the version and meet the one listing in flight.
    await new Promise((r) => setTimeout(r, 20));
    finish();
    const pages = await Promise.all(callers);
    expect(listings).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(await cache.page(mount, options, load)).toBe(pages[0]);
    expect((await cache.page(mount, options, load, true)).prefixes).toEqual(['p2/']);
    expect(listings).toBe(2);
  });
});

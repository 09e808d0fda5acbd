import { describe, expect, it } from 'vitest';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { createCacheRegistry, type CacheScope } from '../../lib/cache/cache-registry.js';
import { testClock } from '../../test/clock.js';
import { createCacheService, type MountVisibilityPort } from './cache.service.js';

const admin: AdminActor = { type: 'admin', id: 'a1', username: 'admin' };
const key: ApiKeyActor = {
  type: 'apikey',
  id: 'k1',
  name: 'k',
  permissions: 256,
  basicPath: '/team',
  role: 'GENERAL',
  isGuest: 0,
  expiresAt: null,
};

/** A directory-listing-like cache: entries tagged with their mount and storage config. */
function listingCache(entries: { mount: string; config: string }[]) {
  const held = [...entries];
  return {
    name: 'directory',
    size: () => held.length,
    clear(scope: CacheScope) {
      const drop = (e: { mount: string; config: string }) =>
        scope.kind === 'all' ||
        (scope.kind === 'mounts' && scope.mountIds.includes(e.mount)) ||
        (scope.kind === 'storage-config' && scope.storageConfigId === e.config);
      const before = held.length;
      for (let i = held.length - 1; i >= 0; i -= 1)
        if (drop(held[i] as { mount: string; config: string })) held.splice(i, 1);
      return before - held.length;
    },
  };
}

function setup() {
  const caches = createCacheRegistry();
  caches.register(
    listingCache([
      { mount: 'team', config: 's3' },
      { mount: 'team-2', config: 'local' },
      { mount: 'other', config: 's3' },
      { mount: 'other', config: 's3' },
    ]),
  );
  const mounts: MountVisibilityPort = {
    visibleMounts: async () => [
      { id: 'team', storageConfigId: 's3' },
      { id: 'team-2', storageConfigId: 'local' },
    ],
  };
  return { caches, service: createCacheService({ caches, clock: testClock(), mounts }) };
}

describe('cache service', () => {
  it('a key clears only the mounts it can see: all of them, one, or those on a storage config', async () => {
    let { caches, service } = setup();
    expect((await service.clear(key, {})).clearedCount).toBe(2);
    expect(caches.sizes()).toEqual({ directory: 2 });

    ({ caches, service } = setup());
    expect((await service.clear(key, { s3ConfigId: 's3' })).clearedCount).toBe(1);
    expect((await service.clear(key, { mountId: 'team-2' })).clearedCount).toBe(1);
    await expect(service.clear(key, { mountId: 'other' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(caches.sizes()).toEqual({ directory: 2 });
  });

  it('an admin clears by mount, by storage config, or everything', async () => {
    const { caches, service } = setup();
    expect((await service.clear(admin, { mountId: 'other' })).clearedCount).toBe(2);
    expect((await service.clear(admin, { s3ConfigId: 'local' })).clearedCount).toBe(1);
    expect((await service.clear(admin, {})).clearedCount).toBe(1);
    expect(caches.sizes()).toEqual({ directory: 0 });
  });

  it('a key without MOUNT_VIEW is refused', async () => {
    const { service } = setup();
    await expect(service.clear({ ...key, permissions: 1 }, {})).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('stats reports memory in MB with two decimals and the heap fill', () => {
    const caches = createCacheRegistry();
    const memory = () => ({
      rss: 100 * 1024 * 1024,
      heapTotal: 40 * 1024 * 1024,
      heapUsed: 10 * 1024 * 1024 + 5243,
      external: 1024 * 1024,
      arrayBuffers: 512 * 1024,
    });
    const service = createCacheService({
      caches,
      clock: testClock(),
      mounts: { visibleMounts: async () => [] },
      memory,
    });
    expect(service.stats(admin).system.memory).toEqual({
      rss: 100,
      heapTotal: 40,
      heapUsed: 10.01,
      external: 1,
      arrayBuffers: 0.5,
      heapUsagePercent: 25.01,
    });
  });
});

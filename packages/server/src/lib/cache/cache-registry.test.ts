import { describe, expect, it } from 'vitest';
import { createCacheRegistry, type CacheScope } from './cache-registry.js';
import { createTtlCache } from './ttl-cache.js';
import { testClock } from '../../test/clock.js';

describe('cache registry', () => {
  it('reports sizes, clears every cache in scope, refuses duplicate names, and forgets unregistered caches', () => {
    const registry = createCacheRegistry();
    const seen: CacheScope[] = [];
    const unregister = registry.register({ name: 'a', size: () => 3, clear: (scope) => (seen.push(scope), 3) });
    registry.register({ name: 'b', size: () => 1, clear: () => 1 });
    expect(registry.sizes()).toEqual({ a: 3, b: 1 });
    expect(registry.clear({ kind: 'all' })).toBe(4);
    expect(seen).toEqual([{ kind: 'all' }]);
    expect(() => registry.register({ name: 'b', size: () => 0, clear: () => 0 })).toThrow('already registered');
    unregister();
    expect(registry.sizes()).toEqual({ b: 1 });
  });

  it('a registered TTL cache counts its value and drops it only on a full clear', async () => {
    const registry = createCacheRegistry();
    let loads = 0;
    const cache = createTtlCache(async () => ++loads, testClock(), 60_000, { registry, name: 'one' });
    expect(registry.sizes()).toEqual({ one: 0 });
    await cache.get();
    expect(registry.sizes()).toEqual({ one: 1 });
    expect(registry.clear({ kind: 'mounts', mountIds: ['m'] })).toBe(0);
    expect(await cache.get()).toBe(1);
    expect(registry.clear({ kind: 'all' })).toBe(1);
    expect(registry.sizes()).toEqual({ one: 0 });
    expect(await cache.get()).toBe(2);
  });
});

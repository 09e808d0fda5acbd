import type { CacheRegistry } from './cache-registry.js';
import type { Clock } from '../clock.js';

/** A single cached value, reloaded when older than its TTL or after `invalidate()`. */
export interface TtlCache<T> {
  get(): Promise<T>;
  invalidate(): void;
}

/** Where a cache shows up in the admin panel's cache stats and clear (optional: tests build bare caches). */
export interface CacheRegistration {
  registry: CacheRegistry;
  name: string;
}

/**
 * An in-process cache of one value (ARCHITECTURE §3: caches are only caches). The TTL bounds how long
 * another instance's write can go unseen; `invalidate()` makes this instance's own writes visible at
 * once. A load that started before an invalidation is returned to its caller but not kept, so a slow
 * read cannot put a pre-write value back into the cache. Concurrent misses share one load.
 */
export function createTtlCache<T>(
  load: () => Promise<T>,
  clock: Clock,
  ttlMs: number,
  registration?: CacheRegistration,
): TtlCache<T> {
  let cached: { value: T; expiresAt: number } | null = null;
  let generation = 0;
  let pending: { generation: number; promise: Promise<T> } | null = null;

  function startLoad(): Promise<T> {
    const started = generation;
    const promise = load().then((value) => {
      if (started === generation) cached = { value, expiresAt: clock.now().getTime() + ttlMs };
      return value;
    });
    const entry = { generation: started, promise };
    pending = entry;
    // Clear the shared load once settled, whether it succeeded or failed.
    const clear = () => {
      if (pending === entry) pending = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  function invalidate(): void {
    generation += 1;
    cached = null;
  }

  // One value with no mount or storage config behind it: a full clear or one naming it drops it.
  registration?.registry.register({
    name: registration.name,
    size: () => (cached ? 1 : 0),
    clear(scope) {
      if (scope.kind !== 'all' && !(scope.kind === 'cache' && scope.name === registration.name)) return 0;
      const dropped = cached ? 1 : 0;
      invalidate();
      return dropped;
    },
  });

  return {
    get(): Promise<T> {
      if (cached && clock.now().getTime() < cached.expiresAt) return Promise.resolve(cached.value);
      if (pending && pending.generation === generation) return pending.promise;
      return startLoad();
    },
    invalidate,
  };
}

import { LOCAL_BUS, type InvalidationBus } from './invalidation-bus.js';

/**
 * Which entries a cache clear drops: everything, the entries of some mounts, or those that depend on
 * one storage config (its open driver, the listings of its mounts). A cache ignores scopes it has no
 * entries for — the settings cache, for instance, is only dropped by a full clear.
 */
export type CacheScope =
  | { kind: 'all' }
  | { kind: 'mounts'; mountIds: readonly string[] }
  | { kind: 'storage-config'; storageConfigId: string }
  /** One cache by its registered name (the settings after a settings write). */
  | { kind: 'cache'; name: string };

/** An in-process cache that can report its size and be cleared from the admin panel. */
export interface NamedCache {
  /** Unique per registry; the key in `GET /api/admin/cache/stats`. */
  readonly name: string;
  /** Entries held now. */
  size(): number;
  /** Drops the entries in `scope`; returns how many were dropped. */
  clear(scope: CacheScope): number;
}

/** The caches of one app instance (ARCHITECTURE §3: caches are only caches, so clearing one is always safe). */
export interface CacheRegistry {
  /** Adds a cache; returns a function that removes it again. Throws on a duplicate name. */
  register(cache: NamedCache): () => void;
  /** Entries per cache name. */
  sizes(): Record<string, number>;
  /** Clears `scope` in every cache of this instance; returns the total dropped. */
  clear(scope: CacheScope): number;
  /**
   * Clears `scope` here and on every other instance sharing the database (through the bus); resolves
   * with what was dropped here once the others have been told. A failed publish is logged by the caller's
   * error path: the others then catch up when their entries expire.
   */
  invalidate(scope: CacheScope): Promise<number>;
}

/**
 * A registry per app rather than a module-level singleton, so several apps in one process (the tests
 * build one per case) never see or clear each other's caches.
 */
export function createCacheRegistry(bus: InvalidationBus = LOCAL_BUS): CacheRegistry {
  const caches = new Map<string, NamedCache>();
  const clear = (scope: CacheScope) => {
    let cleared = 0;
    for (const cache of caches.values()) cleared += cache.clear(scope);
    return cleared;
  };
  bus.subscribe((scope) => void clear(scope));
  return {
    register(cache) {
      if (caches.has(cache.name)) throw new Error(`A cache named "${cache.name}" is already registered`);
      caches.set(cache.name, cache);
      return () => {
        if (caches.get(cache.name) === cache) caches.delete(cache.name);
      };
    },
    sizes() {
      return Object.fromEntries([...caches.values()].map((c) => [c.name, c.size()]));
    },
    clear,
    async invalidate(scope) {
      const cleared = clear(scope);
      await bus.publish(scope);
      return cleared;
    },
  };
}

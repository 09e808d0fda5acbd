/**
 * Which entries a cache clear drops: everything, the entries of some mounts, or those that depend on
 * one storage config (its open driver, the listings of its mounts). A cache ignores scopes it has no
 * entries for — the settings cache, for instance, is only dropped by a full clear.
 */
export type CacheScope =
  | { kind: 'all' }
  | { kind: 'mounts'; mountIds: readonly string[] }
  | { kind: 'storage-config'; storageConfigId: string };

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
  /** Clears `scope` in every cache; returns the total dropped. */
  clear(scope: CacheScope): number;
}

/**
 * A registry per app rather than a module-level singleton, so several apps in one process (the tests
 * build one per case) never see or clear each other's caches.
 */
export function createCacheRegistry(): CacheRegistry {
  const caches = new Map<string, NamedCache>();
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
    clear(scope) {
      let cleared = 0;
      for (const cache of caches.values()) cleared += cache.clear(scope);
      return cleared;
    },
  };
}

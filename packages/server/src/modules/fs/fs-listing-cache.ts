import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CacheRegistry, CacheScope } from '../../lib/cache/cache-registry.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { ListOptions, ListResult } from '../../storage/object-store.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { VfsMount } from '../../vfs/vfs-types.js';
import { fsRepository } from './fs.repository.js';

/** Pages held per instance at most; the oldest goes first. */
const MAX_PAGES = 500;

interface Page {
  mountId: string;
  configId: string;
  expiresAt: number;
  result: ListResult;
}

/**
 * Storage listing pages per mount, for the mount's `cache_ttl` (0: never cached). Every entry is keyed
 * by the mount's listing version in the database (`fs_listing_versions`), read with one primary-key
 * query per listing: a write on ANY instance sharing the database bumps it (`writes.changed`), so the
 * next listing anywhere misses and lists again — no staleness across instances. A version read before
 * a listing that races a write files the page under the old version, where nothing finds it again.
 */
export function createListingCache(deps: {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  caches?: CacheRegistry | undefined;
}) {
  const repo = fsRepository(deps.db);
  const pages = new Map<string, Page>();
  /** Cold pages being listed: callers of the same page meanwhile wait for that one listing (single flight). */
  const loading = new Map<string, Promise<ListResult>>();

  function drop(keep: (page: Page) => boolean): number {
    let dropped = 0;
    for (const [key, page] of pages)
      if (!keep(page)) {
        pages.delete(key);
        dropped += 1;
      }
    return dropped;
  }

  deps.caches?.register({
    name: 'fs-listings',
    size: () => pages.size,
    clear(scope: CacheScope) {
      if (scope.kind === 'all') return drop(() => false);
      if (scope.kind === 'cache') return scope.name === 'fs-listings' ? drop(() => false) : 0;
      if (scope.kind === 'mounts') return drop((p) => !scope.mountIds.includes(p.mountId));
      return drop((p) => p.configId !== scope.storageConfigId);
    },
  });

  const writes: MountWrites = {
    async changed(mountId) {
      drop((p) => p.mountId !== mountId);
      try {
        await repo.bump(mountId);
      } catch (err) {
        // The write has happened; other instances see it once their pages expire (cache_ttl).
        deps.logger.warn('fs listing version not bumped', { mountId, error: String(err) });
      }
    },
  };

  return {
    writes,

    /** The page `options` of `mount`'s storage, from the cache or from `load` (always with `fresh`). */
    async page(mount: VfsMount, options: ListOptions, load: () => Promise<ListResult>, fresh = false) {
      if (mount.cacheTtl <= 0) return load();
      const version = await repo.versionOf(mount.id);
      const key = JSON.stringify([mount.id, version, options.prefix ?? '', options.cursor ?? '', options.limit]);
      const now = deps.clock.now().getTime();
      const hit = pages.get(key);
      if (hit && hit.expiresAt > now && !fresh) return hit.result;
      const pending = fresh ? undefined : loading.get(key);
      if (pending) return pending;
      const listing = load()
        .then((result) => {
          pages.delete(key);
          pages.set(key, {
            mountId: mount.id,
            configId: mount.storageConfigId,
            expiresAt: now + mount.cacheTtl * 1000,
            result,
          });
          if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
          return result;
        })
        .finally(() => {
          if (loading.get(key) === listing) loading.delete(key);
        });
      loading.set(key, listing);
      return listing;
    },
  };
}
export type ListingCache = ReturnType<typeof createListingCache>;

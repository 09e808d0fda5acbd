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
/** Bytes of ready answers held per instance at most (a page of 1 000 entries is about 200 KB); oldest first. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

interface Page {
  mountId: string;
  configId: string;
  expiresAt: number;
  result: ListResult;
}

/** A page as one caller shape answers it, serialized once: a hit writes these bytes as they are. */
interface Body {
  mountId: string;
  configId: string;
  expiresAt: number;
  bytes: Buffer<ArrayBuffer>;
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
  /**
   * Ready answers, keyed by the page's key plus everything else the answer depends on (`shape`: the
   * path, the caller's access, the mount tree's children it may see, the language). A caller only gets
   * here after the vfs authorised it, and two callers share an answer only when all of that is equal.
   */
  const bodies = new Map<string, Body>();
  let bodyBytes = 0;
  /** Cold pages being listed: callers of the same page meanwhile wait for that one listing (single flight). */
  const loading = new Map<string, Promise<ListResult>>();

  function drop(keep: (page: Page | Body) => boolean): number {
    let dropped = 0;
    for (const [key, page] of pages)
      if (!keep(page)) {
        pages.delete(key);
        dropped += 1;
      }
    for (const [key, body] of bodies) if (!keep(body)) forgetBody(key, body);
    return dropped;
  }

  function forgetBody(key: string, body: Body) {
    bodies.delete(key);
    bodyBytes -= body.bytes.length;
  }

  function keyOf(mount: VfsMount, version: number, options: ListOptions) {
    return JSON.stringify([
      mount.id,
      mount.storageConfigId,
      version,
      options.prefix ?? '',
      options.cursor ?? '',
      options.limit,
    ]);
  }

  /** The page at `key`, from the cache or from `load` (always with `fresh`); single flight for cold pages. */
  function pageAt(mount: VfsMount, key: string, load: () => Promise<ListResult>, fresh: boolean) {
    const now = deps.clock.now().getTime();
    const hit = pages.get(key);
    if (hit && hit.expiresAt > now && !fresh) return { result: Promise.resolve(hit.result), expiresAt: hit.expiresAt };
    const pending = fresh ? undefined : loading.get(key);
    const expiresAt = now + mount.cacheTtl * 1000;
    if (pending) return { result: pending, expiresAt };
    const listing = load()
      .then((result) => {
        pages.delete(key);
        pages.set(key, { mountId: mount.id, configId: mount.storageConfigId, expiresAt, result });
        if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
        return result;
      })
      .finally(() => {
        if (loading.get(key) === listing) loading.delete(key);
      });
    loading.set(key, listing);
    return { result: listing, expiresAt };
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
      const key = keyOf(mount, await repo.versionOf(mount.id), options);
      return pageAt(mount, key, load, fresh).result;
    },

    /**
     * The serialized answer for the page `options` as `shape` presents it (`present`), from the cache when
     * it holds one for this listing version: a hit is one version read and no storage, config or presenting
     * work. Uncached mounts and `fresh` calls present every time (a fresh call replaces the cached answer).
     */
    async answer(
      mount: VfsMount,
      options: ListOptions,
      shape: string,
      load: () => Promise<ListResult>,
      present: (page: ListResult) => Buffer<ArrayBuffer>,
      fresh = false,
    ): Promise<Buffer<ArrayBuffer>> {
      if (mount.cacheTtl <= 0) return present(await load());
      const key = keyOf(mount, await repo.versionOf(mount.id), options);
      const bodyKey = key + shape;
      const now = deps.clock.now().getTime();
      const hit = bodies.get(bodyKey);
      if (hit && hit.expiresAt > now && !fresh) return hit.bytes;
      const page = pageAt(mount, key, load, fresh);
      const bytes = present(await page.result);
      const old = bodies.get(bodyKey);
      if (old) forgetBody(bodyKey, old);
      if (bytes.length <= MAX_BODY_BYTES / 8) {
        bodies.set(bodyKey, { mountId: mount.id, configId: mount.storageConfigId, expiresAt: page.expiresAt, bytes });
        bodyBytes += bytes.length;
        for (const [k, b] of bodies) {
          if (bodyBytes <= MAX_BODY_BYTES) break;
          forgetBody(k, b);
        }
      }
      return bytes;
    },
  };
}
export type ListingCache = ReturnType<typeof createListingCache>;

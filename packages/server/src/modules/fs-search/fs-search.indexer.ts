import { iso, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { STAGING_NAME } from '../../vfs/staging.js';
import type { ObjectInfo, ObjectStore } from '../../storage/object-store.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { MountSource, VfsMount } from '../../vfs/vfs-types.js';
import type { FsSearchRepository, IndexInsert } from './fs-search.repository.js';

/** Presigned upload staging objects (`<default folder>/.driftbox-staging/…`): never in the index. */

/** Objects per storage listing page of a refresh (the drivers' maximum). */
const PAGE = 1000;

export interface IndexerDeps {
  repo: FsSearchRepository;
  clock: Clock;
  logger: Logger;
  mounts: MountSource;
  /** The store of a storage config (storage-configs' `storeFor`). */
  storeFor(configId: string): Promise<{ store: ObjectStore }>;
}

/** A path (`/a/b`) the index leaves out: a staging object, or one no virtual path can name (`a//b`, `..`). */
function skipped(rel: string): boolean {
  return rel
    .slice(1)
    .split('/')
    .some((s) => s === '' || s === '.' || s === '..' || s === STAGING_NAME);
}

/** The folders a path inside a mount lies in, outermost first (`/a/b/c.txt` → `/a`, `/a/b`). */
export function foldersOf(rel: string): string[] {
  const parts = rel.split('/').slice(1, -1);
  return parts.map((_, i) => '/' + parts.slice(0, i + 1).join('/'));
}

function parentOf(rel: string): string {
  const cut = rel.lastIndexOf('/');
  return cut <= 0 ? '/' : rel.slice(0, cut);
}

function rowOf(mountId: string, rel: string, now: string, info: ObjectInfo | null): IndexInsert {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  return {
    mount_id: mountId,
    path: rel,
    parent_path: parentOf(rel),
    name,
    name_lower: name.toLowerCase(),
    is_dir: info ? 0 : 1,
    size: info ? info.size : 0,
    modified: info ? info.lastModified.toISOString() : null,
    etag: info ? info.etag : null,
    indexed_at: now,
  };
}

/**
 * Fills and maintains the search index of mounts. A refresh walks the mount's whole storage once, one
 * flat listing page at a time (folders come from the keys: a folder's keys are contiguous in byte order,
 * so a stack of the current folders emits each once), upserts, then deletes the rows it did not write.
 * Write notices re-index just the changed paths (`head`, else a one-page listing below the path).
 */
export function createIndexer(deps: IndexerDeps) {
  const { repo, clock } = deps;
  const mountOf = async (mountId: string): Promise<VfsMount | undefined> =>
    (await deps.mounts.activeMounts()).find((m) => m.id === mountId);

  /** Rebuilds a mount's index from its storage; drops the index of a mount no longer active. */
  async function refresh(mountId: string, signal: AbortSignal, progress: (count: number) => void): Promise<void> {
    const active = await deps.mounts.activeMounts();
    // The indexes of mounts deleted or disabled since go with any refresh.
    await repo.pruneExcept(active.map((m) => m.id));
    const mount = active.find((m) => m.id === mountId);
    if (!mount) return;
    const { store } = await deps.storeFor(mount.storageConfigId);
    const startedAt = iso(clock.now());
    let stack: string[] = [];
    let cursor: string | undefined;
    let count = 0;
    for (;;) {
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      const page = await store.list({ limit: PAGE, ...(cursor ? { cursor } : {}) });
      const now = iso(clock.now());
      const rows: IndexInsert[] = [];
      for (const object of page.objects) {
        const marker = object.key.endsWith('/');
        const rel = '/' + (marker ? object.key.slice(0, -1) : object.key);
        if (rel === '/' || skipped(rel)) continue;
        const folders = marker ? [...foldersOf(rel), rel] : foldersOf(rel);
        const kept = stack.findIndex((dir, i) => folders[i] !== dir);
        stack = kept === -1 ? stack : stack.slice(0, kept);
        for (const dir of folders.slice(stack.length)) rows.push(rowOf(mountId, dir, now, null));
        stack = folders;
        if (!marker) rows.push(rowOf(mountId, rel, now, object));
      }
      await repo.upsert(rows);
      count += rows.length;
      progress(count);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    await repo.deleteOlder(mountId, startedAt);
    await repo.markRefreshed(mountId, startedAt);
  }

  /** Re-indexes one changed path of `mount` (`rel` inside it). */
  async function reindex(mount: VfsMount, store: ObjectStore, rel: string): Promise<void> {
    const now = iso(clock.now());
    const key = rel.slice(1);
    const info = await store.head(key).catch(() => null);
    if (info) {
      await repo.upsert([
        ...foldersOf(rel).map((dir) => rowOf(mount.id, dir, now, null)),
        rowOf(mount.id, rel, now, info),
      ]);
      return;
    }
    await repo.deleteAt(mount.id, rel);
    const below = await store.list({ prefix: key + '/', limit: 2 });
    if (below.objects.length + below.prefixes.length === 0) return;
    const folders = [...foldersOf(rel), rel];
    await repo.upsert(folders.map((dir) => rowOf(mount.id, dir, now, null)));
    // A folder with content (renamed or copied in): its entries are for the next refresh to find.
    const onlyMarker = below.objects.length === 1 && below.objects[0]!.key === key + '/' && below.prefixes.length === 0;
    if (!onlyMarker || below.nextCursor) await repo.markStale(mount.id, now);
  }

  /** The search index's listener of write notices; never throws (the write has happened). */
  const writes: MountWrites = {
    async changed(mountId, paths) {
      try {
        const mount = await mountOf(mountId);
        if (!mount) return;
        const { store } = await deps.storeFor(mount.storageConfigId);
        for (const path of paths) {
          if (path !== mount.path && !path.startsWith(mount.path + '/')) continue;
          const rel = path.slice(mount.path.length);
          if (rel === '') await repo.markStale(mountId, iso(clock.now()));
          else if (!skipped(rel)) await reindex(mount, store, rel);
        }
      } catch (err) {
        deps.logger.warn('Search index: a write notice could not be applied; the mount is marked stale', {
          mountId,
          error: String(err),
        });
        await repo.markStale(mountId, iso(clock.now())).catch(() => undefined);
      }
    },
  };

  return { refresh, writes };
}
export type Indexer = ReturnType<typeof createIndexer>;

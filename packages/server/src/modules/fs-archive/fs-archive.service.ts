import type { FsArchiveBody } from '@driftbox/contract';
import type { Readable } from 'node:stream';
import type { Actor } from '../../lib/auth/actor.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { zipStream, type ZipEntry, type ZipOptions } from '../../lib/zip/zip-writer.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectInfo } from '../../storage/object-store.js';
import { createMountTable } from '../../vfs/mount-table.js';
import type { Resolved, Vfs } from '../../vfs/vfs.js';
import { archiveFileName, folderNames } from './fs-archive.names.js';
import { memoised, type MountStore, type MountStoreAccess } from './fs-archive.store.js';
import { fileEntry, walkTree, type WalkContext } from './fs-archive.walk.js';

export interface FsArchiveDeps {
  vfs: Pick<Vfs, 'resolve' | 'mountsFor'>;
  stores: MountStoreAccess;
  clock: Clock;
  logger: Logger;
  /** Tests only: lowered ZIP64 limits. */
  zip?: ZipOptions;
}

/** A selected path, checked: one stored file, or a folder of the mount tree. */
type Root =
  | { kind: 'file'; name: string; store: MountStore; object: ObjectInfo }
  | { kind: 'folder'; name: string; path: string };

/** The last segment of a virtual path (`/` is the root of the whole tree). */
function baseName(path: string): string {
  return path === '/' ? 'root' : path.slice(path.lastIndexOf('/') + 1);
}

/** The archive: its download name and its bytes (nothing is read from storage before they are pulled). */
export interface Archive {
  fileName: string;
  stream: Readable;
}

/**
 * The file basket's download (issue 26): a ZIP of the selected files and folders, streamed. Every path
 * goes through the vfs first (normalisation, MOUNT_VIEW, the base path, the mount) and is checked to
 * exist, so a refusal is an ordinary error answer before the first byte; then folders are walked page
 * by page while the client reads.
 */
export function createFsArchiveService(deps: FsArchiveDeps) {
  async function rootOf(resolved: Resolved, stores: MountStoreAccess): Promise<Root> {
    const name = baseName(resolved.path);
    if (resolved.kind === 'virtual' || resolved.key === '') return { kind: 'folder', name, path: resolved.path };
    const store = await stores(resolved.mount);
    // The staging folder is not part of the tree: as absent as in a listing.
    if ((resolved.key + '/').startsWith(store.hiddenPrefix)) throw notFound('path');
    try {
      return { kind: 'file', name, store, object: await store.store.head(resolved.key) };
    } catch (err) {
      if (!isStorageError(err, 'NOT_FOUND')) throw err;
    }
    const page = await store.store.list({ prefix: resolved.key + '/', limit: 1 });
    if (page.objects.length === 0 && page.prefixes.length === 0 && resolved.children.length === 0)
      throw notFound('path');
    return { kind: 'folder', name, path: resolved.path };
  }

  /**
   * The selection checked for `actor` (every path through the vfs, each to exist) and its entries, walked
   * over the mounts `actor` may see (`visible` narrows them: a task walks as the mounts its owner saw).
   */
  async function prepare(actor: Actor, body: Pick<FsArchiveBody, 'paths' | 'name'>, visible?: ReadonlySet<string>) {
    const stores = memoised(deps.stores);
    const seen = new Set<string>();
    const roots: Root[] = [];
    for (const raw of body.paths) {
      const resolved = await deps.vfs.resolve(actor, raw, 'download', { field: 'paths' });
      if (seen.has(resolved.path)) continue;
      seen.add(resolved.path);
      roots.push(await rootOf(resolved, stores));
    }
    const mounts = (await deps.vfs.mountsFor(actor)).filter((m) => !visible || visible.has(m.id));
    const ctx: WalkContext = { table: createMountTable(mounts), stores, now: deps.clock.now() };
    async function* entries(): AsyncGenerator<ZipEntry> {
      const top = folderNames();
      for (const root of roots) {
        const name = top.unique(root.name, root.kind === 'folder');
        if (root.kind === 'file') yield fileEntry(name, root.store.store, root.object);
        else yield* walkTree(ctx, root.path, `${name}/`);
      }
    }
    return {
      /** The normalised paths, in order, without repeats. */
      paths: [...seen],
      mountIds: mounts.map((m) => m.id),
      fileName: archiveFileName(
        body.name,
        roots.map((r) => r.name),
      ),
      entries,
    };
  }

  return {
    prepare,

    async open(actor: Actor, body: FsArchiveBody): Promise<Archive> {
      const prepared = await prepare(actor, body);
      const stream = zipStream(prepared.entries(), deps.zip);
      // Past the first byte a failure can only cut the download short; the log says why.
      stream.on('error', (err) => deps.logger.warn('archive failed', { error: err.message }));
      return { fileName: prepared.fileName, stream };
    },
  };
}
export type FsArchiveService = ReturnType<typeof createFsArchiveService>;

import { isStorageError } from '../../storage/errors.js';
import type { ObjectInfo, ObjectStore } from '../../storage/object-store.js';
import type { ZipEntry, ZipFileBody } from '../../lib/zip/zip-writer.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { folderNames, type FolderNames } from './fs-archive.names.js';
import type { MountStore, MountStoreAccess } from './fs-archive.store.js';

/** What one archive's walk reads from: the caller's mount tree and the stores behind it. */
export interface WalkContext {
  /** The mounts the caller may see (the vfs's own resolution). */
  table: MountTable;
  stores: MountStoreAccess;
  /** The time folder entries carry (a storage prefix has none of its own). */
  now: Date;
}

/** Opens a stored object for the archive; null when it is gone since it was listed. */
export async function openObject(store: ObjectStore, key: string): Promise<ZipFileBody | null> {
  try {
    const got = await store.get(key);
    return { size: got.size, body: got.body };
  } catch (err) {
    if (isStorageError(err, 'NOT_FOUND')) return null;
    throw err;
  }
}

/** The archive entry of one stored object. */
export function fileEntry(name: string, store: ObjectStore, object: ObjectInfo): ZipEntry {
  return { kind: 'file', name, modified: object.lastModified, open: () => openObject(store, object.key) };
}

/**
 * A folder of the mount tree at virtual path `path` as archive folder `dir` (ending in `/`): its own
 * entry, then what its storage holds (if it is in a mount), then the mounts below it — which hide a
 * stored entry of the same name, as in a listing. The base path was checked on the selected path;
 * everything walked lies below it.
 */
export async function* walkTree(ctx: WalkContext, path: string, dir: string): AsyncGenerator<ZipEntry> {
  yield { kind: 'dir', name: dir, modified: ctx.now };
  const location = ctx.table.resolve(path);
  if (!location) return;
  const names = folderNames();
  const mounted = new Set(location.children.map((child) => child.name));
  if (location.kind === 'mount') {
    const store = await ctx.stores(location.mount);
    const prefix = location.key === '' ? '' : location.key + '/';
    yield* walkStorage(ctx, store, prefix, dir, { names, skip: mounted });
  }
  for (const child of location.children) {
    yield* walkTree(ctx, child.path, `${dir}${names.unique(child.name, true)}/`);
  }
}

/**
 * A stored folder (`prefix`, '' or ending in `/`) as archive folder `dir`: one delimiter listing per page
 * of up to 1 000 entries, sub-folders walked as they are met, so at any time the walk holds one page per
 * level of depth — never the whole tree. The staging folder and folder markers (`name/` objects) are
 * left out. With `top`, the folder's own entry was written by the caller, which also names the entries
 * mounts hide (`skip`).
 */
async function* walkStorage(
  ctx: WalkContext,
  mountStore: MountStore,
  prefix: string,
  dir: string,
  top?: { names: FolderNames; skip: ReadonlySet<string> },
): AsyncGenerator<ZipEntry> {
  if (!top) yield { kind: 'dir', name: dir, modified: ctx.now };
  const names = top?.names ?? folderNames();
  const skip = top?.skip ?? new Set<string>();
  const { store, hiddenPrefix } = mountStore;
  let cursor: string | undefined;
  do {
    const page = await store.list({ prefix, delimiter: '/', ...(cursor ? { cursor } : {}) });
    for (const object of page.objects) {
      const name = object.key.slice(prefix.length);
      if (name === '' || name.endsWith('/') || skip.has(name)) continue;
      yield fileEntry(`${dir}${names.unique(name, false)}`, store, object);
    }
    for (const sub of page.prefixes) {
      const name = sub.slice(prefix.length, -1);
      if (sub === hiddenPrefix || skip.has(name)) continue;
      yield* walkStorage(ctx, mountStore, sub, `${dir}${names.unique(name, true)}/`);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

import { joinPath, parentPath } from '@driftbox/contract';
import type { Actor } from '../../lib/auth/actor.js';
import { isStorageError } from '../../storage/errors.js';
import { storageToAppError } from '../../storage/http-errors.js';
import { folderBatches, folderHasObjects } from '../../storage/list-folder.js';
import type { ObjectInfo } from '../../storage/object-store.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { PathAccess, VfsOp, VirtualEntry } from '../../vfs/vfs-types.js';
import { baseName, folderPrefix, isHiddenName, type FsStores, type FsTarget } from '../fs/fs.module.js';
import { isStagingKey } from '../../vfs/staging.js';

/**
 * What a WebDAV URL names, as the vfs resolves it: a virtual folder of the mount tree (the root, the
 * folders between mounts), a collection in a mount (its root or a folder), a file, or nothing yet
 * (`none`, inside a mount: where PUT, MKCOL, LOCK, COPY and MOVE may create something).
 */
export type Resource =
  | { kind: 'virtual'; path: string; children: VirtualEntry[] }
  | { kind: 'collection'; path: string; target: FsTarget; children: VirtualEntry[]; access: PathAccess }
  | { kind: 'file'; path: string; target: FsTarget; info: ObjectInfo }
  | { kind: 'none'; path: string; target: FsTarget };

/** One member of a collection as PROPFIND shows it. */
export interface Member {
  path: string;
  /** The last segment of `path`. */
  name: string;
  collection: boolean;
  info: ObjectInfo | null;
}

const rethrow = (err: unknown): never => {
  throw storageToAppError(err);
};

/** The parent of the last href built, encoded (a PROPFIND's members share it). */
let lastParent = { path: '', href: '/dav/' };

/** The href of the folder `dir` (a normalised path) ending with `/`: its members' hrefs go on from it. */
export function hrefPrefixOf(dir: string): string {
  return dir === '/' ? '/dav/' : `/dav${dir.split('/').map(encodeURIComponent).join('/')}/`;
}

/** `/dav` plus the path, each segment escaped; collections end with `/`. */
export function hrefOf(path: string, collection: boolean): string {
  if (path === '/') return collection ? '/dav/' : '/dav';
  // The members of a PROPFIND share their parent: it is encoded once, then only each name.
  const slash = path.lastIndexOf('/');
  const parent = path.slice(0, slash);
  if (parent !== lastParent.path) lastParent = { path: parent, href: hrefPrefixOf(parent || '/') };
  return `${lastParent.href}${encodeURIComponent(path.slice(slash + 1))}${collection ? '/' : ''}`;
}

export function davResources(deps: { vfs: Vfs; stores: FsStores }) {
  const { vfs, stores } = deps;

  /** The resource at a normalised or raw request path (raw: still URL-encoded), checked for `op`. */
  async function stat(actor: Actor, path: string, op: VfsOp, encoded = false): Promise<Resource> {
    const resolved = await vfs.resolve(actor, path, op, { encoded });
    if (resolved.kind === 'virtual') return { kind: 'virtual', path: resolved.path, children: resolved.children };
    const target = await stores.open(resolved);
    const { access } = resolved;
    if (target.key === '')
      return { kind: 'collection', path: resolved.path, target, children: resolved.children, access };
    const info = await target.store.head(target.key).catch((err: unknown) => {
      if (isStorageError(err, 'NOT_FOUND')) return null;
      return rethrow(err);
    });
    if (info) return { kind: 'file', path: resolved.path, target, info };
    if (resolved.children.length > 0 || (await folderExists(target)))
      return { kind: 'collection', path: resolved.path, target, children: resolved.children, access };
    return { kind: 'none', path: resolved.path, target };
  }

  async function folderExists(target: FsTarget): Promise<boolean> {
    return folderHasObjects(target.store, folderPrefix(target.key)).catch(rethrow);
  }

  /** True when the parent of `path` is a collection of a mount (where a new member may be created). */
  async function parentIsCollection(actor: Actor, path: string, op: VfsOp): Promise<boolean> {
    if (path === '/') return false;
    const parent = await stat(actor, parentPath(path), op).catch(() => null);
    return parent?.kind === 'collection';
  }

  /**
   * The members of a collection, a listing page's worth at a time (never the whole folder's answer in memory;
   * LOCAL reads the folder once, `folderBatches`):
   * sub-folders first per page, hidden names (folder markers, staging) left out, mounts below the
   * folder shown as collections in place of same-named storage entries.
   */
  async function* members(resource: Resource): AsyncGenerator<Member[]> {
    const mountMembers = (children: VirtualEntry[]) =>
      children.map((c) => ({ path: c.path, name: c.name, collection: true, info: null }));
    if (resource.kind === 'virtual') {
      yield mountMembers(resource.children);
      return;
    }
    if (resource.kind !== 'collection') return;
    const mounted = new Set(resource.children.map((c) => c.name));
    if (mounted.size > 0) yield mountMembers(resource.children);
    // A listing on the way down to a key's base path shows only the next folder of that path.
    const { access } = resource;
    const shown = (name: string) => access.kind === 'full' || access.next === name;
    const prefix = folderPrefix(resource.target.key);
    // The folder's own key is checked once; each object then only by its name.
    const inStaging = isStagingKey(prefix);
    const batches = folderBatches(resource.target.store, prefix);
    try {
      for (;;) {
        const step = await batches.next().catch(rethrow);
        if (step.done) return;
        const batch = step.value;
        const out: Member[] = [];
        for (const p of batch.prefixes) {
          const name = baseName(p.endsWith('/') ? p.slice(0, -1) : p);
          if (isHiddenName(name) || mounted.has(name) || !shown(name)) continue;
          out.push({ path: joinPath(resource.path, name), name, collection: true, info: null });
        }
        for (const o of batch.objects) {
          const name = o.key.slice(o.key.lastIndexOf('/') + 1);
          if (name === '' || inStaging || isHiddenName(name) || mounted.has(name) || !shown(name)) continue;
          out.push({ path: joinPath(resource.path, name), name, collection: false, info: o });
        }
        if (out.length > 0) yield out;
      }
    } finally {
      await batches.return(undefined); // a reader that stopped early: no batch listed ahead is waited for
    }
  }

  return { stat, parentIsCollection, members, folderExists };
}
export type DavResources = ReturnType<typeof davResources>;

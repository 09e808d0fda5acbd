import type { FsEntryDto } from '@driftbox/contract';
import { storageToAppError } from '../../storage/http-errors.js';
import type { ListResult } from '../../storage/object-store.js';
import { visibleEntries } from '../../vfs/authorize.js';
import type { MountLocation } from '../../vfs/mount-table.js';
import type { PathAccess } from '../../vfs/vfs-types.js';
import type { Resolved } from '../../vfs/vfs.js';
import type { ListingCache } from './fs-listing-cache.js';
import { baseName, folderPrefix, isHiddenName, type FsStores } from './fs-store.js';
import { byFolderThenName, presentFile, presentFolder, presentVirtual } from './fs.presenter.js';

export interface ListRequest {
  cursor?: string | undefined;
  limit: number;
  /** Skip the cache (the explorer's refresh). */
  fresh: boolean;
}

/**
 * Folder listings (notes §3.11 shapes, plus `nextCursor`/`hasMore`). A virtual folder answers from the
 * mount table; a real one with ONE delimiter listing call per page — no per-child stat, no recursive
 * folder sizes (the original's N+1, notes §4.7). Entries the caller's base path hides are cut with
 * `visibleEntries`; staging objects and folder markers are never shown. Order is folders first, then
 * names, within a page: pages come in storage key order, so a folder past the first page shows on its page.
 */
export function fsListing(deps: { stores: FsStores; cache: ListingCache }) {
  /** The answer for one storage page of a mount location. */
  function presentPage(resolved: MountLocation & { access: PathAccess }, page: ListResult, request: ListRequest) {
    const { path } = resolved;
    const prefix = folderPrefix(resolved.key);
    // Deeper mounts hide same-named storage entries; they are listed with the first page.
    const mountNames = new Set(resolved.children.map((c) => c.name));
    const folders = page.prefixes
      .map((p) => baseName(p.slice(0, -1)))
      .filter((name) => !isHiddenName(name) && !mountNames.has(name))
      .map((name) => presentFolder(path, name));
    const files = page.objects
      .filter((o) => o.key !== prefix)
      .map((o) => ({ name: baseName(o.key), info: o }))
      .filter(({ name }) => !isHiddenName(name) && !mountNames.has(name))
      .map(({ name, info }) => presentFile(path, name, info));
    const mounts = request.cursor ? [] : resolved.children.map(presentVirtual);
    const items: FsEntryDto[] = visibleEntries(resolved.access, [...mounts, ...folders, ...files]).sort(
      byFolderThenName,
    );
    return {
      path,
      type: 'directory',
      isRoot: resolved.key === '',
      isVirtual: false,
      mount_id: resolved.mount.id,
      storage_type: resolved.mount.storageType,
      items,
      nextCursor: page.nextCursor,
      hasMore: page.nextCursor !== null,
    };
  }

  function virtualListing(resolved: Resolved & { kind: 'virtual' }) {
    const items = resolved.children.map(presentVirtual).sort(byFolderThenName);
    return { path: resolved.path, isDirectory: true, isVirtual: true, items, nextCursor: null, hasMore: false };
  }

  const optionsOf = (resolved: MountLocation, request: ListRequest) => ({
    prefix: folderPrefix(resolved.key),
    delimiter: '/',
    cursor: request.cursor,
    limit: request.limit,
  });

  return {
    async list(resolved: Resolved, request: ListRequest) {
      if (resolved.kind === 'virtual') return virtualListing(resolved);
      const target = await deps.stores.open(resolved);
      const options = optionsOf(resolved, request);
      const page = await deps.cache
        .page(resolved.mount, options, () => target.store.list(options), request.fresh)
        .catch((err: unknown) => {
          throw storageToAppError(err);
        });
      return presentPage(resolved, page, request);
    },

    /**
     * The whole success envelope of `list`, serialized (`envelope` wraps the data's JSON). On a cached
     * mount the bytes come from the listing cache: the store is opened (config row) only on a miss.
     */
    async answer(
      resolved: Resolved,
      request: ListRequest,
      envelope: (data: string) => string,
    ): Promise<Buffer<ArrayBuffer>> {
      if (resolved.kind === 'virtual') return Buffer.from(envelope(JSON.stringify(virtualListing(resolved))));
      deps.stores.assertShown(resolved.key);
      const options = optionsOf(resolved, request);
      const { mount, children, access, path } = resolved;
      const shape = JSON.stringify([
        envelope(''),
        path,
        access,
        mount.storageType,
        children.map((c) => [c.name, c.path, c.mount?.id ?? null, c.mount?.storageType ?? null]),
      ]);
      const load = async () => (await deps.stores.open(resolved)).store.list(options);
      const present = (page: ListResult) => Buffer.from(envelope(JSON.stringify(presentPage(resolved, page, request))));
      return deps.cache.answer(mount, options, shape, load, present, request.fresh).catch((err: unknown) => {
        throw storageToAppError(err);
      });
    },
  };
}

import { FILE_TYPES, fileTypeOf, joinPath, type FsEntryDto } from '@driftbox/contract';
import { mimetypeFor } from '../files/files.module.js';
import type { ObjectInfo } from '../../storage/object-store.js';
import type { VirtualEntry } from '../../vfs/vfs-types.js';

/** How mount explorer entries leave the server, in the original's shapes (notes §3.11). */

/** A folder below `parent`: the original's trailing-slash path; no size (no recursive sums, issue 26). */
export function presentFolder(parent: string, name: string): FsEntryDto {
  return {
    name,
    path: joinPath(parent, name) + '/',
    isDirectory: true,
    size: null,
    modified: null,
    type: FILE_TYPES.folder,
    typeName: 'folder',
  };
}

/** A stored file below `parent`. */
export function presentFile(
  parent: string,
  name: string,
  info: ObjectInfo,
): FsEntryDto & { contentType: string; etag: string } {
  const contentType = mimetypeFor(name, undefined);
  return {
    name,
    path: joinPath(parent, name),
    isDirectory: false,
    size: info.size,
    modified: info.lastModified.toISOString(),
    etag: info.etag,
    contentType,
    ...fileTypeOf(name, contentType),
  };
}

/** An entry the mount tree contributes: a mount, or a folder on the way to one. */
export function presentVirtual(entry: VirtualEntry): FsEntryDto {
  const base = { ...presentFolder('/', entry.name), path: entry.path };
  if (!entry.mount) return { ...base, isVirtual: true };
  return { ...base, isMount: true, mountId: entry.mount.id, storageType: entry.mount.storageType };
}

/** Folders first, then files, each by name. */
export function byFolderThenName(a: FsEntryDto, b: FsEntryDto): number {
  if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

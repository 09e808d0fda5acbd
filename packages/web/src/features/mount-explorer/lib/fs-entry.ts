import type { FsEntryDto } from '@driftbox/contract';

/**
 * One entry of the mount tree as the explorer's parts pass it around (preview, basket, upload, search):
 * the listing's fields without the server's extras. `path` never ends with `/` (the server's folder
 * paths do; `toEntryRef` drops it) so paths compare and join one way.
 */
export type FsEntryRef = {
  path: string;
  name: string;
  isDirectory: boolean;
  size: number | null;
  modified: string | null;
  mimetype?: string | null;
};

/** A listing entry as the explorer shows it: the ref plus what only the explorer needs. */
export type ExplorerEntry = FsEntryRef & {
  typeName: string;
  /** A mount root or a folder on the way to one: nothing may be renamed, moved or deleted there. */
  isVirtual: boolean;
  isMount: boolean;
};

/** The listing DTO as an explorer entry. */
export function toExplorerEntry(dto: FsEntryDto & { contentType?: string }): ExplorerEntry {
  const path = dto.path.length > 1 ? dto.path.replace(/\/+$/, '') : dto.path;
  return {
    path,
    name: dto.name,
    isDirectory: dto.isDirectory,
    size: dto.size,
    modified: dto.modified,
    mimetype: dto.contentType ?? null,
    typeName: dto.typeName,
    isVirtual: dto.isVirtual === true || dto.isMount === true,
    isMount: dto.isMount === true,
  };
}

/** Just the ref fields (what leaves the explorer). */
export function toEntryRef(entry: ExplorerEntry): FsEntryRef {
  const { path, name, isDirectory, size, modified, mimetype } = entry;
  return { path, name, isDirectory, size, modified, mimetype };
}

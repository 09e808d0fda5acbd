import { joinPath } from '@driftbox/contract';
import type { VfsMount, VirtualEntry } from './vfs-types.js';

/** A path inside a mount: the mount and the object key under its storage root (`''` for the root). */
export interface MountLocation {
  kind: 'mount';
  path: string;
  mount: VfsMount;
  key: string;
  /** Entries deeper mounts add directly below this path (they hide same-named storage entries). */
  children: VirtualEntry[];
}

/** The root or a folder between mounts: nothing is stored there, the listing is the mount tree's. */
export interface VirtualLocation {
  kind: 'virtual';
  path: string;
  children: VirtualEntry[];
}

export type Location = MountLocation | VirtualLocation;

/**
 * Resolution of normalised virtual paths over a set of mounts (pure): the longest mount path that equals
 * the path or is an ancestor of it wins, so mounts may nest; `/` and the folders on the way to a mount are
 * virtual folders; any other path is nowhere (null).
 */
export function createMountTable(mounts: readonly VfsMount[]) {
  const longestFirst = [...mounts].sort((a, b) => b.path.length - a.path.length || a.path.localeCompare(b.path));
  const byPath = new Map(mounts.map((m) => [m.path, m]));

  /** The entries one level below `path` that mounts deeper than it bring, by name. */
  function childrenOf(path: string): VirtualEntry[] {
    const prefix = path === '/' ? '/' : path + '/';
    const names = new Set<string>();
    for (const m of mounts) if (m.path.startsWith(prefix)) names.add(m.path.slice(prefix.length).split('/')[0]!);
    return [...names].sort().map((name) => {
      const entryPath = joinPath(path, name);
      return { name, path: entryPath, mount: byPath.get(entryPath) ?? null };
    });
  }

  return {
    resolve(path: string): Location | null {
      const mount = longestFirst.find((m) => path === m.path || path.startsWith(m.path + '/'));
      if (mount) {
        const key = path === mount.path ? '' : path.slice(mount.path.length + 1);
        return { kind: 'mount', path, mount, key, children: childrenOf(path) };
      }
      const children = childrenOf(path);
      if (path === '/' || children.length > 0) return { kind: 'virtual', path, children };
      return null;
    },
  };
}
export type MountTable = ReturnType<typeof createMountTable>;

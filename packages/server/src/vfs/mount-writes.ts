/**
 * The one notice of a change in the mount tree. Every write through the vfs — an `/api/fs` route, a task
 * (copy, delete), WebDAV — reports the virtual paths it changed, after the storage call succeeded, so the
 * listing cache (every instance) and the search index stay true. Implementations must not throw for a
 * notice they cannot act on: the write itself has happened.
 */
export interface MountWrites {
  /** Objects or folders at or below these normalised virtual paths of `mountId` were created, changed or removed. */
  changed(mountId: string, paths: readonly string[]): Promise<void>;
}

/** One notice delivered to several listeners (the listing cache, the search index), in order. */
export function fanOutMountWrites(...targets: readonly MountWrites[]): MountWrites {
  return {
    async changed(mountId, paths) {
      for (const target of targets) await target.changed(mountId, paths);
    },
  };
}

/** Where a notice goes when nothing listens (tests of a single adapter). */
export const IGNORE_MOUNT_WRITES: MountWrites = { changed: async () => {} };

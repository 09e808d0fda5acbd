import { statfs } from 'node:fs/promises';
import path from 'node:path';

/** What a file system holds, in bytes. */
export interface DiskSpace {
  /** The file system's size. */
  total: number;
  /** What an unprivileged writer (Driftbox) may still write. */
  free: number;
}

/**
 * The space of the file system holding `folder`, by `statfs`. A LOCAL config's folder is created at its
 * first write, so until then the nearest existing parent answers (the same file system, as a later
 * mkdir creates it there). Null when nothing up to the root can be asked.
 */
export async function diskSpaceOf(folder: string): Promise<DiskSpace | null> {
  let current = path.resolve(folder);
  for (;;) {
    try {
      const fs = await statfs(current);
      return { total: fs.blocks * fs.bsize, free: fs.bavail * fs.bsize };
    } catch (err) {
      const parent = path.dirname(current);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) return null;
      current = parent;
    }
  }
}

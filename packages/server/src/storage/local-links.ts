/**
 * Symbolic links never lead out of a LOCAL store. A link inside a store's folder (left by whoever
 * filled the folder, or by another program) could otherwise serve any file of the machine through a
 * download, a mount listing or `/api/p`, or let a write land outside the store. Listings already skip
 * links (only plain files and folders are entries); reads and writes check here that the path, as the
 * file system resolves it, is the path the key names below the store's real folder.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { StorageError, objectNotFound } from './errors.js';
import { isMissing } from './local-fs.js';

/** The real path `file` (below `root`) must have when no link is on its way. */
async function expectedRealPath(root: string, file: string): Promise<string> {
  return path.join(await realpath(root), path.relative(root, file));
}

/** A read of `key`: NOT_FOUND when its file is missing, or it or a folder on its way is a link. */
export async function assertReadableWithoutLinks(root: string, file: string, key: string): Promise<void> {
  let real: string;
  try {
    real = await realpath(file);
  } catch (err) {
    if (isMissing(err)) throw objectNotFound(key);
    throw err;
  }
  if (real !== (await expectedRealPath(root, file))) throw objectNotFound(key);
}

/** A write of `key`: ACCESS_DENIED when a folder on its way (the nearest one that exists) is a link. */
export async function assertWritableWithoutLinks(root: string, file: string, key: string): Promise<void> {
  let dir = path.dirname(file);
  for (;;) {
    try {
      if ((await realpath(dir)) === (await expectedRealPath(root, dir))) return;
      throw new StorageError('ACCESS_DENIED', `A folder on the way to "${key}" is a symbolic link`);
    } catch (err) {
      if (!isMissing(err)) throw err;
      // Nothing of the store's folder exists yet: no link can be on the way.
      if (dir === root || !dir.startsWith(root)) return;
      dir = path.dirname(dir);
    }
  }
}

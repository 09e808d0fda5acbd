/**
 * File-system building blocks of the local driver. Layout of one config's folder:
 *   objects/   the objects, one file per key (`a/b.txt` → objects/a/b.txt)
 *   tmp/       bodies being written; renamed into objects/ when complete
 *   uploads/   multipart uploads in progress, one folder per upload id
 * tmp/ sits beside objects/ (same file system, so rename is atomic) rather than inside it, so no key
 * can collide with a temporary file and listings never show one.
 */
import { randomUUID } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { StorageError, objectNotFound } from './errors.js';
import type { ObjectInfo } from './object-store.js';

export interface LocalLayout {
  objects: string;
  tmp: string;
  uploads: string;
}

/** The three folders of a config rooted at `root`. */
export function layoutOf(root: string): LocalLayout {
  return { objects: path.join(root, 'objects'), tmp: path.join(root, 'tmp'), uploads: path.join(root, 'uploads') };
}

/** The file of a validated key; re-checks containment in case a future key rule is looser. */
export function fileOf(objectsDir: string, key: string): string {
  const file = path.resolve(objectsDir, ...key.split('/'));
  if (!file.startsWith(objectsDir + path.sep)) throw new StorageError('INVALID_KEY', `Invalid object key "${key}"`);
  return file;
}

/** A strong-enough ETag without hashing: size and nanosecond mtime change whenever content is replaced. */
export function etagOf(stats: BigIntStats): string {
  return `"${stats.size.toString(16)}-${stats.mtimeNs.toString(16)}"`;
}

/** Object metadata from a file's stats. */
export function infoOf(key: string, stats: BigIntStats): ObjectInfo {
  return { key, size: Number(stats.size), etag: etagOf(stats), lastModified: new Date(Number(stats.mtimeMs)) };
}

/** True for the errno codes meaning "nothing there" (a missing file, or a file where a folder was expected). */
export function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Stats of an object's file; NOT_FOUND when absent or a folder. */
export async function statObject(file: string, key: string): Promise<BigIntStats> {
  try {
    const stats = await stat(file, { bigint: true });
    if (!stats.isFile()) throw objectNotFound(key);
    return stats;
  } catch (err) {
    if (isMissing(err)) throw objectNotFound(key);
    throw err;
  }
}

/**
 * Writes a new file atomically: `fill` creates and writes a fresh temp file (with local-write.ts's
 * `writeBody`, which fsyncs before it returns), which is then renamed over `target`, so readers see the
 * old content or the new, never a torn one. Missing parent folders are created unless `createParents` is false (then ENOENT
 * propagates). Returns the target's stats.
 */
export async function writeAtomically(
  tmpDir: string,
  target: string,
  fill: (tmpPath: string) => Promise<void>,
  createParents = true,
): Promise<BigIntStats> {
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomUUID());
  writing.add(tmp);
  try {
    await fill(tmp);
    await moveIntoPlace(tmp, target, createParents);
  } catch (err) {
    await rm(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new StorageError('NO_SPACE', 'The disk is full', { cause: err });
    throw err;
  } finally {
    writing.delete(tmp);
  }
  return stat(target, { bigint: true });
}

/**
 * Temp files this process is writing. The sweep of leftovers skips them whatever their age: a body
 * that trickles in writes to disk only when a 4 MiB chunk fills, so its mtime may lag far behind.
 */
const writing = new Set<string>();

/** Whether this process is writing `tmpPath` now (see `writing`). */
export function isBeingWritten(tmpPath: string): boolean {
  return writing.has(tmpPath);
}

/** Flushes a file written by other means (e.g. copyFile) to disk. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function moveIntoPlace(tmp: string, target: string, createParents: boolean): Promise<void> {
  // A concurrent delete may prune the freshly made parent folder before the rename: make it again.
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (createParents) await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
      await syncDir(path.dirname(target));
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && createParents && attempt < 3) continue;
      if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
        throw new StorageError('CONFLICT', 'The key collides with a folder of the same name', { cause: err });
      }
      throw err;
    }
  }
}

/** Makes a rename durable: the new directory entry is on disk, not only the file's data. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes now-empty folders from `dir` up to (not including) `stopAt`, as S3 has no empty "folders". */
export async function pruneEmptyDirs(dir: string, stopAt: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stopAt + path.sep)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): stop climbing
    }
    current = path.dirname(current);
  }
}

/**
 * What a crash leaves in a local store: a write cut short (the process killed mid-upload) keeps its
 * temp file, and a multipart upload whose record was lost keeps its parts. Neither is an object, so
 * neither counts towards usage nor is ever read again; the cleanup job sweeps them by age.
 */
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isBeingWritten, isMissing, type LocalLayout } from './local-fs.js';
import type { SweepBefore } from './object-store.js';

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

/** When an upload folder's upload started: its manifest's date, else (no manifest yet) the folder's. */
async function startedAt(dir: string): Promise<Date> {
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, 'upload.json'), 'utf8')) as { initiated?: string };
    const initiated = new Date(manifest.initiated ?? '');
    if (!Number.isNaN(initiated.getTime())) return initiated;
  } catch {
    // A torn or missing manifest: the folder's own date says when it was made.
  }
  return (await stat(dir)).mtime;
}

/** Removes the leftovers older than `before`; returns how many. A file gone meanwhile is not an error. */
export async function sweepLocalLeftovers(layout: LocalLayout, before: SweepBefore): Promise<number> {
  let removed = 0;
  for (const name of await entries(layout.tmp)) {
    const file = path.join(layout.tmp, name);
    if (isBeingWritten(file)) continue;
    try {
      // Another instance's write in progress touches its file with every chunk written: an old mtime
      // is a write that ended.
      if ((await stat(file)).mtime < before.temp) {
        await rm(file, { force: true, recursive: true });
        removed += 1;
      }
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
  for (const name of await entries(layout.uploads)) {
    const dir = path.join(layout.uploads, name);
    try {
      if ((await startedAt(dir)) < before.uploads) {
        await rm(dir, { force: true, recursive: true });
        removed += 1;
      }
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
  return removed;
}

/**
 * Listing for the local driver with S3's semantics: keys in UTF-8 byte order, an optional `/` delimiter
 * that folds deeper keys into common prefixes, and cursor pagination where a page counts keys and
 * prefixes together (S3's MaxKeys).
 */
import { stat, type Dirent } from 'node:fs';
import { opendir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { StorageError } from './errors.js';
import { assertValidPrefix, compareKeys } from './keys.js';
import { infoOf, isMissing } from './local-fs.js';
import { MAX_LIST_LIMIT, type ListBatch, type ListOptions, type ListResult, type ObjectInfo } from './object-store.js';

interface Entry {
  key: string;
  isPrefix: boolean;
}

/** Cursors are opaque to clients: the last key or prefix of the page, base64url-encoded. */
function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  if (value === '') throw new StorageError('INVALID_KEY', 'Invalid list cursor');
  return value;
}

async function sortedEntries(dir: string): Promise<{ name: string; isDir: boolean }[]> {
  let dirents: Dirent[];
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
  const entries = dirents
    .filter((d) => d.isFile() || d.isDirectory())
    .map((d) => ({ name: d.name, isDir: d.isDirectory() }));
  // A folder sorts as "name/" so a depth-first walk yields keys in global byte order.
  return entries.sort((a, b) => compareKeys(a.isDir ? a.name + '/' : a.name, b.isDir ? b.name + '/' : b.name));
}

/** One directory level: files as keys, sub-folders as prefixes. */
async function* levelEntries(objectsDir: string, dirKey: string, namePrefix: string): AsyncGenerator<Entry> {
  for (const entry of await sortedEntries(path.join(objectsDir, dirKey))) {
    if (!entry.name.startsWith(namePrefix)) continue;
    yield { key: dirKey + entry.name + (entry.isDir ? '/' : ''), isPrefix: entry.isDir };
  }
}

/** Every key below `dirKey` in byte order, skipping whole sub-trees that sort before the cursor. */
async function* walkEntries(
  objectsDir: string,
  dirKey: string,
  namePrefix: string,
  after: string | null,
): AsyncGenerator<Entry> {
  for (const entry of await sortedEntries(path.join(objectsDir, dirKey))) {
    if (!entry.name.startsWith(namePrefix)) continue;
    const key = dirKey + entry.name;
    if (!entry.isDir) {
      yield { key, isPrefix: false };
      continue;
    }
    const subtree = key + '/';
    if (after !== null && compareKeys(subtree, after) < 0 && !after.startsWith(subtree)) continue;
    yield* walkEntries(objectsDir, subtree, '', after);
  }
}

/** A page of the objects under `objectsDir`. */
export async function listLocal(objectsDir: string, options: ListOptions): Promise<ListResult> {
  const prefix = options.prefix ?? '';
  assertValidPrefix(prefix);
  if (options.delimiter !== undefined && options.delimiter !== '/')
    throw new StorageError('INVALID_KEY', 'Only "/" is supported as delimiter');
  const limit = Math.min(Math.max(options.limit ?? MAX_LIST_LIMIT, 1), MAX_LIST_LIMIT);
  const after = decodeCursor(options.cursor);
  const slash = prefix.lastIndexOf('/');
  const dirKey = prefix.slice(0, slash + 1);
  const namePrefix = prefix.slice(slash + 1);
  const source = options.delimiter
    ? levelEntries(objectsDir, dirKey, namePrefix)
    : walkEntries(objectsDir, dirKey, namePrefix, after);

  const page: Entry[] = [];
  let more = false;
  for await (const entry of source) {
    if (after !== null && compareKeys(entry.key, after) <= 0) continue;
    if (page.length === limit) {
      more = true;
      break;
    }
    page.push(entry);
  }
  const result: ListResult = { ...(await described(objectsDir, page)), nextCursor: null };
  const last = page[page.length - 1];
  if (more && last) result.nextCursor = Buffer.from(last.key, 'utf8').toString('base64url');
  return result;
}

/** How many `stat` calls a listing keeps in flight (libuv's pool has four threads; a few more hide the hops). */
const STAT_CONCURRENCY = 8;

/**
 * The objects of `keys` in order (one deleted since the directory was read is left out), stat'ed
 * `STAT_CONCURRENCY` at a time on callbacks — a promise and an async resumption per file were most of a large
 * listing's garbage — and each turned into its ObjectInfo at once, so no stats object outlives its callback.
 */
function objectsOf(objectsDir: string, keys: readonly string[]): Promise<ObjectInfo[]> {
  const infos: (ObjectInfo | null)[] = new Array<ObjectInfo | null>(keys.length).fill(null);
  const present = (): ObjectInfo[] => infos.filter((info): info is ObjectInfo => info !== null);
  if (keys.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    let next = 0;
    let done = 0;
    let failed = false;
    const launch = (): void => {
      const i = next++;
      const key = keys[i]!;
      stat(path.join(objectsDir, key), { bigint: true }, (err, stats) => {
        if (failed) return;
        if (err && !isMissing(err)) {
          failed = true;
          reject(err);
          return;
        }
        if (!err) infos[i] = infoOf(key, stats);
        done += 1;
        if (next < keys.length) launch();
        else if (done === keys.length) resolve(present());
      });
    };
    for (let k = 0; k < Math.min(STAT_CONCURRENCY, keys.length); k++) launch();
  });
}

/** A page's entries as objects (stat'ed; deleted ones simply not listed) and prefixes, in order. */
async function described(objectsDir: string, page: readonly Entry[]): Promise<ListBatch> {
  const prefixes: string[] = [];
  const files: string[] = [];
  for (const entry of page) (entry.isPrefix ? prefixes : files).push(entry.key);
  return { objects: await objectsOf(objectsDir, files), prefixes };
}

/**
 * One folder level (the `/` delimiter) in one pass: the directory is read and sorted once, then handed on in
 * batches of `batchSize` (the pages `list` would give, without cursors), each batch stat'ed while the one
 * before it is consumed. Paging a folder with `list` reads and sorts it again for every page.
 */
export async function* listLocalFolder(
  objectsDir: string,
  prefix: string,
  batchSize = MAX_LIST_LIMIT,
): AsyncGenerator<ListBatch> {
  assertValidPrefix(prefix);
  const slash = prefix.lastIndexOf('/');
  const dirKey = prefix.slice(0, slash + 1);
  const namePrefix = prefix.slice(slash + 1);
  const entries: Entry[] = [];
  for (const e of await sortedEntries(path.join(objectsDir, dirKey)))
    if (e.name.startsWith(namePrefix)) entries.push({ key: dirKey + e.name + (e.isDir ? '/' : ''), isPrefix: e.isDir });
  const batchAt = (start: number) => {
    const batch = described(objectsDir, entries.slice(start, start + batchSize));
    batch.catch(() => undefined); // a reader that stops early never awaits it
    return batch;
  };
  let next = entries.length > 0 ? batchAt(0) : null;
  for (let start = 0; next; start += batchSize) {
    const batch = await next;
    next = start + batchSize < entries.length ? batchAt(start + batchSize) : null;
    yield batch;
  }
}

/**
 * Whether any object lies below the folder `prefix` ('' or ending with `/`): what a page of one of `list` tells,
 * found without reading and sorting the folder — the walk ends at the first file it meets (empty sub-folders,
 * which `list` never shows, do not count).
 */
export async function hasLocalObjects(objectsDir: string, prefix: string): Promise<boolean> {
  assertValidPrefix(prefix);
  if (prefix !== '' && !prefix.endsWith('/')) throw new StorageError('INVALID_KEY', 'Not a folder prefix');
  const below = async (dir: string): Promise<boolean> => {
    const folders: string[] = [];
    try {
      for await (const entry of await opendir(dir)) {
        if (entry.isFile()) return true; // leaving the loop closes the directory
        if (entry.isDirectory()) folders.push(entry.name);
      }
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
    for (const folder of folders) if (await below(path.join(dir, folder))) return true;
    return false;
  };
  return below(path.join(objectsDir, prefix));
}

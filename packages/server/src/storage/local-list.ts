/**
 * Listing for the local driver with S3's semantics: keys in UTF-8 byte order, an optional `/` delimiter
 * that folds deeper keys into common prefixes, and cursor pagination where a page counts keys and
 * prefixes together (S3's MaxKeys).
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { StorageError } from './errors.js';
import { assertValidPrefix, compareKeys } from './keys.js';
import { infoOf, isMissing } from './local-fs.js';
import { MAX_LIST_LIMIT, type ListOptions, type ListResult } from './object-store.js';

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
  const result: ListResult = { objects: [], prefixes: [], nextCursor: null };
  for (const entry of page) {
    if (entry.isPrefix) {
      result.prefixes.push(entry.key);
      continue;
    }
    try {
      result.objects.push(infoOf(entry.key, await stat(path.join(objectsDir, entry.key), { bigint: true })));
    } catch (err) {
      if (!isMissing(err)) throw err; // deleted since the directory was read: simply not listed
    }
  }
  const last = page[page.length - 1];
  if (more && last) result.nextCursor = Buffer.from(last.key, 'utf8').toString('base64url');
  return result;
}

import { normalizePath } from '@driftbox/contract';
import { StorageError } from './errors.js';
import { MAX_PART_NUMBER } from './object-store.js';

/** S3's own key limit (bytes of UTF-8). */
export const MAX_KEY_BYTES = 1024;

/**
 * Checks that an object key is safe and already in normal form: relative (`a/b.txt`), no empty, `.` or
 * `..` segments, no NUL or backslash, no encoded dot segments — the contract's path rules. Keys are
 * refused rather than rewritten, so two different keys can never name the same file on disk.
 */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.startsWith('/') || key.endsWith('/')) throw invalidKey(key);
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw invalidKey(key);
  const normal = normalizePath('/' + key);
  if (!normal.ok || normal.path !== '/' + key) throw invalidKey(key);
}

/** Checks a listing prefix: empty, or a key-like string that may end with `/`. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

function invalidKey(key: string): StorageError {
  return new StorageError('INVALID_KEY', `Invalid object key "${key.slice(0, 200)}"`);
}

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Orders keys the way S3 lists them: by UTF-8 bytes, which is code point order. JS string order (UTF-16 code
 * units) agrees except that a surrogate (part of a code point above U+FFFF) sorts below U+E000–U+FFFF. Compared
 * without encoding: a LOCAL listing sorts a whole folder per page, and two Buffers per comparison were the
 * garbage of a 10 000-entry folder's listing.
 */
export function compareKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = isSurrogate(x);
    if (xs !== isSurrogate(y)) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Checks a multipart part number against S3's bounds (1-10000). */
export function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new StorageError('INVALID_PART', `Part number must be 1-${MAX_PART_NUMBER}`);
  }
}

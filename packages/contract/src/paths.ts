/**
 * Virtual-path rules shared by the server (every path operation) and the web app (route guards).
 * ARCHITECTURE §5: decode once, reject NUL, backslash, `..` segments and over-long paths.
 */
export const MAX_PATH_LENGTH = 1024;

export type PathResult = { ok: true; path: string } | { ok: false; reason: PathError };
export type PathError = 'EMPTY' | 'TOO_LONG' | 'NUL' | 'BACKSLASH' | 'DOT_SEGMENT' | 'NOT_ABSOLUTE';

/** The longest folder name of an upload's `path`, in bytes of UTF-8 (what file systems allow). */
export const FOLDER_NAME_MAX_BYTES = 255;
export const FOLDER_NAME_TOO_LONG = `Each folder name in the path must be at most ${FOLDER_NAME_MAX_BYTES} bytes`;

/** What a validation error says about each refused path (Chinese in VALIDATION_MESSAGES_ZH). */
export const PATH_ERROR_MESSAGES: Readonly<Record<PathError, string>> = {
  EMPTY: 'The path is empty',
  TOO_LONG: `The path is longer than ${MAX_PATH_LENGTH} characters`,
  NUL: 'The path must not contain a NUL character',
  BACKSLASH: 'The path must not contain a backslash (use /)',
  DOT_SEGMENT: 'The path must not contain .. or encoded slashes and dots',
  NOT_ABSOLUTE: 'The path must start with /',
};

/**
 * Normalises an already-decoded virtual path: collapses repeated slashes, drops `.` segments and the
 * trailing slash, and refuses anything that could escape (`..`, NUL, backslash, encoded dot segments).
 */
export function normalizePath(input: string): PathResult {
  if (input.length === 0) return { ok: false, reason: 'EMPTY' };
  if (input.length > MAX_PATH_LENGTH) return { ok: false, reason: 'TOO_LONG' };
  if (input.includes('\0')) return { ok: false, reason: 'NUL' };
  if (input.includes('\\')) return { ok: false, reason: 'BACKSLASH' };
  if (!input.startsWith('/')) return { ok: false, reason: 'NOT_ABSOLUTE' };
  const segments: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    // A segment that still holds a percent-encoded dot or slash was double-encoded: refuse it.
    if (segment === '..' || /%2e|%2f|%5c|%00/i.test(segment)) return { ok: false, reason: 'DOT_SEGMENT' };
    segments.push(segment);
  }
  return { ok: true, path: '/' + segments.join('/') };
}

/**
 * The base-path rule (spec §5, §6): `path` is allowed when it equals `basePath` or lies below it.
 * Both are normalised first; an invalid path is never allowed.
 */
export function isPathWithinBase(path: string, basePath: string): boolean {
  const target = normalizePath(path);
  const base = normalizePath(basePath);
  if (!target.ok || !base.ok) return false;
  if (base.path === '/') return true;
  return target.path === base.path || target.path.startsWith(base.path + '/');
}

/**
 * True when `path` is an ancestor of `basePath` (used to let a key walk down to its base folder
 * in listings without seeing siblings).
 */
export function isAncestorOfBase(path: string, basePath: string): boolean {
  const target = normalizePath(path);
  const base = normalizePath(basePath);
  if (!target.ok || !base.ok) return false;
  if (target.path === '/') return true;
  return base.path.startsWith(target.path + '/');
}

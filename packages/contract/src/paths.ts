/**
 * Virtual-path rules shared by the server (every path operation) and the web app (route guards).
 * ARCHITECTURE §5: decode once, reject NUL, backslash, `..` segments and over-long paths.
 */
export const MAX_PATH_LENGTH = 1024;
/**
 * The longest virtual path of the mount tree (`/api/fs`, `/api/p`, WebDAV), in characters after decoding.
 * Longer than MAX_PATH_LENGTH, which bounds object keys and base paths: a mount path plus a full key.
 */
export const MAX_VIRTUAL_PATH_LENGTH = 2048;

export type PathResult = { ok: true; path: string } | { ok: false; reason: PathError };
export type PathError =
  | 'EMPTY'
  | 'TOO_LONG'
  | 'VIRTUAL_TOO_LONG'
  | 'NUL'
  | 'CONTROL'
  | 'ENCODING'
  | 'BACKSLASH'
  | 'DOT_SEGMENT'
  | 'NOT_ABSOLUTE';

/** The longest folder name of an upload's `path`, in bytes of UTF-8 (what file systems allow). */
export const FOLDER_NAME_MAX_BYTES = 255;
export const FOLDER_NAME_TOO_LONG = `Each folder name in the path must be at most ${FOLDER_NAME_MAX_BYTES} bytes`;

/** What a validation error says about each refused path (Chinese in VALIDATION_MESSAGES_ZH). */
export const PATH_ERROR_MESSAGES: Readonly<Record<PathError, string>> = {
  EMPTY: 'The path is empty',
  TOO_LONG: `The path is longer than ${MAX_PATH_LENGTH} characters`,
  VIRTUAL_TOO_LONG: `The path is longer than ${MAX_VIRTUAL_PATH_LENGTH} characters`,
  NUL: 'The path must not contain a NUL character',
  CONTROL: 'The path must not contain control characters',
  ENCODING: 'The path is not validly percent-encoded',
  BACKSLASH: 'The path must not contain a backslash (use /)',
  DOT_SEGMENT: 'The path must not contain .. or encoded slashes and dots',
  NOT_ABSOLUTE: 'The path must start with /',
};

/**
 * Normalises an already-decoded virtual path: collapses repeated slashes, drops `.` segments and the
 * trailing slash, and refuses anything that could escape (`..`, NUL, backslash, encoded dot segments).
 */
export function normalizePath(input: string): PathResult {
  return normalizeWithin(input, MAX_PATH_LENGTH);
}

function normalizeWithin(input: string, maxLength: number): PathResult {
  if (input.length === 0) return { ok: false, reason: 'EMPTY' };
  if (input.length > maxLength) {
    return { ok: false, reason: maxLength === MAX_PATH_LENGTH ? 'TOO_LONG' : 'VIRTUAL_TOO_LONG' };
  }
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

/** C0 and C1 control characters and DEL (NUL has its own reason). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0001-\u001f\u007f-\u009f]/;

/**
 * A segment that is not `.` or `..` but reads as one once compatibility-normalised: one dot leader
 * (U+2024), two dot leader (U+2025), fullwidth (U+FF0E) and small (U+FE52) full stops. A store or a
 * later normalisation could fold them into a real dot segment, so they are refused, never rewritten.
 */
function isDotLookalike(segment: string): boolean {
  if (segment === '.' || segment === '..' || /^[\x20-\x7e]*$/.test(segment)) return false;
  const folded = segment.normalize('NFKC');
  return folded === '.' || folded === '..';
}

export interface VirtualPathOptions {
  /** The value still carries its URL encoding (a request path): it is percent-decoded once first. */
  encoded?: boolean;
}

/**
 * The one normalisation of a virtual path of the mount tree (design ARCHITECTURE §5), before any
 * resolution or storage call: percent-decoded once when `encoded` (query and JSON values arrive decoded
 * and are never decoded again), then refused when over MAX_VIRTUAL_PATH_LENGTH characters, malformed,
 * holding NUL, a control character, a backslash, a `..` segment (also percent-encoded, double-encoded as
 * `%252e`, or a Unicode look-alike) or any encoding left after the decoding; repeated slashes, `.` segments and a trailing slash are dropped.
 * The result is absolute, has no empty segment, and normalises to itself.
 */
export function parseVirtualPath(input: string, options: VirtualPathOptions = {}): PathResult {
  // Decoding never lengthens a value: three times the limit is already too long.
  if (input.length > 3 * MAX_VIRTUAL_PATH_LENGTH) return { ok: false, reason: 'VIRTUAL_TOO_LONG' };
  let path = input;
  if (options.encoded) {
    try {
      path = decodeURIComponent(input);
    } catch {
      return { ok: false, reason: 'ENCODING' };
    }
  }
  if (path.length > MAX_VIRTUAL_PATH_LENGTH) return { ok: false, reason: 'VIRTUAL_TOO_LONG' };
  if (path.includes('\0')) return { ok: false, reason: 'NUL' };
  if (CONTROL_CHARACTER.test(path)) return { ok: false, reason: 'CONTROL' };
  // After the one decoding, a `%25` left over is a second layer of encoding (`%252e` → `%2e`): refused
  // with the encoded dots and slashes normalizeWithin refuses, so no later decoding can make a `..`.
  const segments = path.split('/');
  if (segments.some((s) => isDotLookalike(s) || /%25/i.test(s))) return { ok: false, reason: 'DOT_SEGMENT' };
  return normalizeWithin(path, MAX_VIRTUAL_PATH_LENGTH);
}

/** The parent of a normalised path (`/` for `/` itself). */
export function parentPath(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? '/' : path.slice(0, at);
}

/** Joins a normalised directory path and one entry name. */
export function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

import { isStorageError, StorageError } from './errors.js';
import type { GetResult, ObjectInfo, ObjectStore } from './object-store.js';

/** A single byte range: `start-end` (end inclusive, open when absent) or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** Inclusive byte positions inside an object. */
export interface ResolvedRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header with one range (`bytes=0-99`, `bytes=100-`, `bytes=-500`). Multiple ranges and
 * malformed headers give null, which RFC 9110 lets a server answer with the whole object.
 */
export function parseRangeHeader(header: string | undefined | null): ByteRange | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  if (to === '') return { start };
  const end = Number(to);
  return end < start ? null : { start, end };
}

/**
 * Turns a range into positions inside an object of `size` bytes, clamping the end as S3 does. Throws
 * INVALID_RANGE (HTTP 416) when nothing of the object is selected.
 */
export function resolveRange(range: ByteRange, size: number): ResolvedRange {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw unsatisfiable(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) throw unsatisfiable(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The `Range` header value for a request to a backend. */
export function rangeHeader(range: ByteRange): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** Parses a `Content-Range: bytes a-b/total` response header. */
export function parseContentRange(header: string | undefined): (ResolvedRange & { total: number }) | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim()) : null;
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) };
}

/**
 * Whether an `If-Range` validator still names the object (RFC 9110 §13.1.5): a strong ETag equal to its
 * ETag, or its Last-Modified date to the second. No header: nothing to check. A weak ETag never matches.
 */
export function ifRangeHolds(header: string | undefined, object: Pick<ObjectInfo, 'etag' | 'lastModified'>): boolean {
  const value = header?.trim();
  if (!value) return true;
  if (value.startsWith('"')) return value === object.etag;
  if (value.startsWith('W/')) return false;
  const date = Date.parse(value);
  return Number.isFinite(date) && Math.floor(date / 1000) === Math.floor(object.lastModified.getTime() / 1000);
}

/**
 * A GET as the client's `Range` and `If-Range` headers ask. A range is served only while `If-Range` still
 * names the object actually read, so a resumed download of a file replaced since then gets the whole new
 * file, never a splice of two; for the same reason a range past the end of a replaced file gets the
 * whole file rather than 416. Throws INVALID_RANGE when the range selects nothing of the current object.
 */
export async function getRequested(
  store: Pick<ObjectStore, 'get'>,
  key: string,
  headers: { range?: string | undefined; ifRange?: string | undefined },
): Promise<GetResult> {
  const range = parseRangeHeader(headers.range);
  if (!range) return store.get(key);
  try {
    const result = await store.get(key, { range });
    if (ifRangeHolds(headers.ifRange, result)) return result;
    result.body.destroy();
  } catch (err) {
    if (!headers.ifRange || !isStorageError(err, 'INVALID_RANGE')) throw err;
    const whole = await store.get(key);
    if (!ifRangeHolds(headers.ifRange, whole)) return whole;
    whole.body.destroy();
    throw err;
  }
  return store.get(key);
}

function unsatisfiable(size: number): StorageError {
  return new StorageError('INVALID_RANGE', `Range not satisfiable for an object of ${size} bytes`);
}

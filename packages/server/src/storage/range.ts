import { StorageError } from './errors.js';

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

function unsatisfiable(size: number): StorageError {
  return new StorageError('INVALID_RANGE', `Range not satisfiable for an object of ${size} bytes`);
}

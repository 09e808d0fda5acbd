/**
 * The byte-level side of the form-data parser (`form-data.ts`): finding where a delimiter may begin at
 * a chunk's end, and reading the line that follows a delimiter.
 */

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const SPACE = 0x20;
const TAB = 0x09;
export const CRLF = Buffer.from('\r\n');
export const NOTHING = Buffer.alloc(0);

/** Progress through the rest of a boundary line: `--` (the end) or padding then CRLF. */
export type LineState = 'start' | 'dash' | 'padding' | 'cr';

/** Where a boundary line read stopped, and what comes next: the end, a header block, a skipped part, or more of the line. */
export interface BoundaryLineRead {
  pos: number;
  line: LineState;
  next: 'done' | 'headers' | 'body' | 'boundary-line';
}

/** How many bytes at the end of `buf` (from `start` on) may begin a delimiter that the next chunk completes. */
export function partialDelimiterLength(buf: Buffer, start: number, delimiter: Buffer): number {
  let at = Math.max(start, buf.length - delimiter.length + 1);
  for (;;) {
    at = buf.indexOf(CR, at);
    if (at === -1) return 0;
    if (buf.subarray(at).equals(delimiter.subarray(0, buf.length - at))) return buf.length - at;
    at += 1;
  }
}

/**
 * Reads after a delimiter from `pos`: `--` ends the form; spaces or tabs then CRLF open the next part's
 * headers. Anything else makes the rest up to the next delimiter a part that is skipped ('body').
 */
export function readBoundaryLine(chunk: Buffer, pos: number, line: LineState): BoundaryLineRead {
  for (; pos < chunk.length; pos += 1) {
    const byte = chunk[pos];
    if (line === 'dash' && byte === DASH) return { pos: pos + 1, line, next: 'done' };
    if (line === 'cr' && byte === LF) return { pos: pos + 1, line, next: 'headers' };
    if (line === 'dash' || line === 'cr') break;
    if (byte === SPACE || byte === TAB) line = 'padding';
    else if (byte === CR) line = 'cr';
    else if (byte === DASH && line === 'start') line = 'dash';
    else break;
  }
  return { pos, line, next: pos < chunk.length ? 'body' : 'boundary-line' };
}

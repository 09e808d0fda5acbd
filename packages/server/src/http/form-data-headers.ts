/**
 * The header side of the multipart/form-data parser (`form-data.ts`): a part's header block and its
 * `form-data` Content-Disposition. Parameter parsing (Content-Type, Content-Disposition, RFC 5987
 * `filename*`) is http/header-params.ts.
 */
import { parseContentDisposition, TOKEN } from './header-params.js';

/** busboy's (and Node's) limit on a part's header block, terminating blank line included. */
const MAX_HEADER_BYTES = 16 * 1024;
/** The blank line that ends a header block. */
const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF_LENGTH = 2;
/** Header lines a part may have (busboy had only its 16 KiB cap). */
const MAX_HEADER_LINES = 20;

const HEADER_LINE = new RegExp(`^(${TOKEN}):[ \\t]*([\\t\\x20-\\x7e\\x80-\\xff]*)$`);
const FOLDED_LINE = /^[ \t][\t\x20-\x7e\x80-\xff]*$/;

export function malformedHeader(): Error {
  return new Error('Malformed part header');
}

/** The part's name and filename from a `form-data` Content-Disposition; null for other or malformed ones (skipped). */
export function parseDisposition(text: string): { name: string; filename: string | undefined } | null {
  const disposition = parseContentDisposition(text);
  if (disposition?.type !== 'form-data') return null;
  const { name = '', filename } = disposition;
  return { name, filename: filename === undefined ? undefined : lastSegment(filename) };
}

/** Only the last segment of a client's path is a name; `.` and `..` are none. */
function lastSegment(filename: string): string {
  const name = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  return name === '.' || name === '..' ? '' : name;
}

/** Header lines (CRLF-separated, without the blank line) by lower-cased name, the first of a name kept. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const lines = block.split('\r\n');
  if (block === '' || lines.length > MAX_HEADER_LINES) throw malformedHeader();
  const headers: [string, string][] = [];
  for (const line of lines) {
    const previous = headers.at(-1);
    // Obsolete line folding continues the previous value (busboy accepts it too).
    if (previous && FOLDED_LINE.test(line)) {
      previous[1] += line;
      continue;
    }
    const header = HEADER_LINE.exec(line);
    if (!header?.[1]) throw malformedHeader();
    headers.push([header[1].toLowerCase(), header[2] ?? '']);
  }
  const byName = new Map<string, string>();
  for (const [name, value] of headers) if (!byName.has(name)) byName.set(name, value);
  return byName;
}

/** A part's header block, collected across chunks up to its blank line (at most MAX_HEADER_BYTES). */
export class HeaderBlockReader {
  /** CRLF, then the header block being read: the prefix lets one search also find an empty block. */
  private readonly buffer = Buffer.alloc(CRLF_LENGTH + MAX_HEADER_BYTES);
  private length = CRLF_LENGTH;

  /** Starts the next part's block. */
  reset(): void {
    this.length = CRLF_LENGTH;
  }

  /** Takes bytes of `chunk` from `pos`: how many it took, and the headers once the blank line was read. */
  read(chunk: Buffer, pos: number): { taken: number; headers?: Map<string, string> } {
    const before = this.length;
    const taken = chunk.copy(this.buffer, before, pos, pos + this.buffer.length - before);
    this.length += taken;
    const end = this.buffer.subarray(0, this.length).indexOf(HEADER_END, Math.max(0, before - 3));
    if (end === -1) {
      if (this.length === this.buffer.length) throw malformedHeader();
      return { taken };
    }
    const headers = parseHeaderBlock(this.buffer.toString('latin1', CRLF_LENGTH, end));
    return { taken: end + HEADER_END.length - before, headers };
  }
}

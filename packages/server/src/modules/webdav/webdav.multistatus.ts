import type { ObjectInfo } from '../../storage/object-store.js';
import { contentTypeOf, datesOf, type FileSlot, type FileTemplate } from './webdav.props.js';
import { escapeText } from './webdav.xml.js';

/** Room a chunk of the multistatus is written into (a few hundred responses). */
const CHUNK_BYTES = 256 * 1024;

/** The characters `encodeURIComponent` leaves as they are (all ASCII). */
const UNRESERVED = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
  UNRESERVED[c.charCodeAt(0)] = 1;

/** A file template with its constant text encoded once, and an upper bound of its constant bytes. */
export interface CompiledTemplate {
  ops: (Buffer | FileSlot | 'href')[];
  bytes: number;
}

export function compileTemplate(template: FileTemplate): CompiledTemplate {
  const ops: CompiledTemplate['ops'] = [];
  let text = '';
  let bytes = 0;
  const flush = () => {
    if (text === '') return;
    const encoded = Buffer.from(text, 'utf8');
    ops.push(encoded);
    bytes += encoded.length;
    text = '';
  };
  for (const part of template) {
    if (typeof part === 'string') text += part;
    else {
      flush();
      ops.push(part.slot);
    }
  }
  flush();
  return { ops, bytes };
}

/**
 * The multistatus's bytes, each response written straight into a chunk as it is built: a page's responses are
 * handed on as the slice of the chunk they filled, and the next page goes on in the same chunk, so a listing
 * of any size allocates its bytes once (no string joined for a page, no page-sized buffer sized for the worst
 * case of three bytes a character). A listing's plain files are written by template (`file`): the constant
 * text copied, each value's characters stored one by one (escaped, or percent-encoded in the href, as
 * `propfindResponse` writes them), so a response leaves no string behind to collect.
 */
export class MultistatusWriter {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private start = 0;
  private at = 0;
  private readonly done: Buffer[] = [];

  write(text: string): void {
    this.room(text.length * 3);
    this.at += this.chunk.write(text, this.at);
  }

  /** A plain file's response (no dead properties, no locks) by `template`: what `propfindResponse` writes. */
  file(template: CompiledTemplate, name: string, info: ObjectInfo): void {
    const type = contentTypeOf(name);
    // Bytes a character at most: href 9 (percent-encoded), displayname and ETag 5 (`&#38;`), type 3 (UTF-8).
    this.room(template.bytes + 14 * name.length + 5 * info.etag.length + 3 * type.length + 128);
    for (const op of template.ops) {
      if (typeof op !== 'string') {
        this.chunk.set(op, this.at);
        this.at += op.length;
        continue;
      }
      switch (op) {
        case 'href':
          this.href(name);
          break;
        case 'name':
          this.text(name);
          break;
        case 'iso':
          this.raw(datesOf(info.lastModified).iso);
          break;
        case 'http':
          this.raw(datesOf(info.lastModified).http);
          break;
        case 'size':
          this.raw(String(info.size));
          break;
        case 'type':
          this.raw(type);
          break;
        case 'etag':
          this.text(info.etag);
          break;
      }
    }
  }

  /** What was written since the last take, as slices of the chunks (never overwritten afterwards). */
  take(): Buffer[] {
    this.cut();
    return this.done.splice(0);
  }

  private room(bytes: number): void {
    if (this.chunk.length - this.at >= bytes) return;
    this.cut();
    this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.start = this.at = 0;
  }

  private cut(): void {
    if (this.at > this.start) this.done.push(this.chunk.subarray(this.start, this.at));
    this.start = this.at;
  }

  /** `s` as it is, in UTF-8 (ASCII stored directly). */
  private raw(s: string): void {
    const buf = this.chunk;
    const from = this.at;
    let at = from;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        this.at = from + buf.write(s, from);
        return;
      }
      buf[at++] = c;
    }
    this.at = at;
  }

  /** `escapeText(s)` in UTF-8: `&`, `<` and `>` as character references. */
  private text(s: string): void {
    const buf = this.chunk;
    const from = this.at;
    let at = from;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        this.at = from + buf.write(escapeText(s), from);
        return;
      }
      if (c === 38 || c === 60 || c === 62) {
        buf[at++] = 38; // &#NN;
        buf[at++] = 35;
        buf[at++] = 48 + Math.floor(c / 10);
        buf[at++] = 48 + (c % 10);
        buf[at++] = 59;
      } else buf[at++] = c;
    }
    this.at = at;
  }

  /** `encodeURIComponent(name)`: unreserved ASCII stored directly, anything else percent-encoded. */
  private href(name: string): void {
    const buf = this.chunk;
    let at = this.at;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (c >= 0x80 || UNRESERVED[c] === 0) {
        this.raw(encodeURIComponent(name));
        return;
      }
      buf[at++] = c;
    }
    this.at = at;
  }
}

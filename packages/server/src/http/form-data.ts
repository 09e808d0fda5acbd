import { Readable, Writable } from 'node:stream';
import { parseContentType } from './header-params.js';
import { CRLF, NOTHING, partialDelimiterLength, readBoundaryLine, type LineState } from './form-data-delimiter.js';
import { HeaderBlockReader, parseDisposition } from './form-data-headers.js';
import {
  appendToField,
  FormDataLimitError,
  resolveLimits,
  type FieldInfo,
  type FieldSink,
  type FileInfo,
  type FormDataLimits,
  type FormDataOptions,
} from './form-data-limits.js';

/**
 * A streaming multipart/form-data parser (RFC 7578) for `POST /api/upload`. Part data is searched for
 * the delimiter with the native `Buffer.indexOf` and handed to file streams as views of the incoming
 * chunks, so a large file costs no JavaScript per byte. Fields, limits and events follow the subset of
 * busboy's behaviour the upload route relied on.
 */

type Callback = (error?: Error | null) => void;

type Sink = { kind: 'skip' } | FieldSink | { kind: 'file'; stream: Readable };

/** body: part data (or the preamble) up to a delimiter; boundary-line: what follows a delimiter. */
type State = 'body' | 'boundary-line' | 'headers' | 'done';

const SKIP: Sink = { kind: 'skip' };

/**
 * Writable side: the request body. Emits `field(name, value, info)`, `file(name, stream, info)` (the
 * stream must be consumed), `error`, and `close` once the closing boundary was read, the body ended and
 * every file stream closed. A body that ends early fails with 'Unexpected end of form', and so does the
 * file stream it cut short. While a file stream's consumer lags, write callbacks wait for it.
 */
export class FormDataParser extends Writable {
  private readonly delimiter: Buffer;
  private readonly limits: Required<FormDataLimits>;
  private readonly fileHighWaterMark: number | undefined;
  private state: State = 'done';
  private line: LineState = 'start';
  /** Where part data goes; the preamble is a part nobody reads. */
  private sink: Sink = SKIP;
  /** Held-back bytes that may begin a delimiter; a scan starts with the virtual CRLF (see `startScan`). */
  private carry: Buffer = NOTHING;
  /** Bytes of that virtual CRLF not yet passed: they are dropped, never data. */
  private virtualBytes = 0;
  private readonly headerBlock = new HeaderBlockReader();
  private fieldCount = 0;
  private fileCount = 0;
  private discarded = 0;
  private openFiles = 0;
  /** The file stream whose full buffer holds back `heldWrite` until its consumer reads. */
  private waitingOn: Readable | null = null;
  private heldWrite: Callback | null = null;
  private heldFinal: Callback | null = null;

  /** Throws for a Content-Type that is not multipart/form-data with a boundary of 1–70 characters (RFC 2046). */
  constructor(contentType: string, options: FormDataOptions = {}) {
    super({ highWaterMark: options.highWaterMark });
    const parsed = parseContentType(contentType);
    if (parsed?.type !== 'multipart/form-data') throw new Error(`Not a multipart/form-data body: ${contentType}`);
    const boundary = parsed.params.get('boundary') ?? '';
    if (boundary.length < 1 || boundary.length > 70) throw new Error('Form-data boundary missing or invalid');
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.limits = resolveLimits(options.limits);
    this.fileHighWaterMark = options.fileHighWaterMark;
    this.startScan();
  }

  override on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
  override on(event: 'file', listener: (name: string, stream: Readable, info: FileInfo) => void): this;
  override on(event: 'error', listener: (error: Error) => void): this;
  override on(event: string | symbol, listener: (...args: never[]) => void): this;
  override on(event: string | symbol, listener: (...args: never[]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: Callback): void {
    try {
      let pos = 0;
      while (pos < chunk.length && this.state !== 'done') {
        if (this.state === 'body') pos = this.readBody(chunk, pos);
        else if (this.state === 'boundary-line') pos = this.readBoundaryLine(chunk, pos);
        else pos = this.readHeaders(chunk, pos);
      }
      // The epilogue after the closing boundary is dropped, and counted as such.
      if (this.state === 'done' && !this.destroyed) this.countDiscarded(chunk.length - pos);
    } catch (err) {
      callback(err as Error);
      return;
    }
    if (this.waitingOn) this.heldWrite = callback;
    else callback();
  }

  override _final(callback: Callback): void {
    if (this.state !== 'done') callback(new Error('Unexpected end of form'));
    else if (this.openFiles === 0) callback();
    else this.heldFinal = callback;
  }

  override _destroy(error: Error | null, callback: Callback): void {
    const failure = error ?? (this.state === 'done' ? null : new Error('Unexpected end of form'));
    if (this.sink.kind === 'file' && failure) this.sink.stream.destroy(failure);
    this.sink = SKIP;
    // A listener may destroy the parser in the middle of a write: nothing more is parsed.
    this.state = 'done';
    this.heldWrite = null;
    callback(failure);
  }

  /** Part data up to the next delimiter; a possible start of one at the chunk's end is held back. */
  private readBody(chunk: Buffer, pos: number): number {
    if (this.carry.length > 0) {
      pos = this.readAcrossChunks(chunk, pos);
      if (this.state !== 'body' || pos === chunk.length) return pos;
    }
    const found = chunk.indexOf(this.delimiter, pos);
    if (found !== -1) {
      this.deliver(chunk.subarray(pos, found));
      this.endPart();
      return found + this.delimiter.length;
    }
    const held = partialDelimiterLength(chunk, pos, this.delimiter);
    this.deliver(chunk.subarray(pos, chunk.length - held));
    this.carry = Buffer.from(chunk.subarray(chunk.length - held));
    return chunk.length;
  }

  /** Looks for a delimiter that began in the held-back bytes, joined with just enough of the new chunk. */
  private readAcrossChunks(chunk: Buffer, pos: number): number {
    const carry = this.carry;
    const head = chunk.subarray(pos, pos + this.delimiter.length - 1);
    const joined = Buffer.concat([carry, head]);
    this.carry = NOTHING;
    // `head` is shorter than a delimiter, so one found here began in the held-back bytes.
    const found = joined.indexOf(this.delimiter);
    if (found !== -1) {
      this.deliver(carry.subarray(0, found));
      this.endPart();
      return pos + found + this.delimiter.length - carry.length;
    }
    // A delimiter starting in the held-back bytes would have fit in `joined`: they are data.
    if (head.length === this.delimiter.length - 1) {
      this.deliver(carry);
      return pos;
    }
    // The chunk ended inside `joined`: hold back again what may still begin a delimiter.
    const held = partialDelimiterLength(joined, 0, this.delimiter);
    this.deliver(joined.subarray(0, joined.length - held));
    this.carry = joined.subarray(joined.length - held);
    return chunk.length;
  }

  /** After a delimiter: the form's end, the next part's headers, or a part to skip (`readBoundaryLine`). */
  private readBoundaryLine(chunk: Buffer, pos: number): number {
    const read = readBoundaryLine(chunk, pos, this.line);
    this.line = read.line;
    if (read.next === 'done') {
      // The epilogue after the closing boundary is ignored, and counted as dropped.
      this.state = 'done';
      this.countDiscarded(chunk.length - read.pos);
      return chunk.length;
    }
    if (read.next === 'headers') {
      this.state = 'headers';
      this.headerBlock.reset();
    } else if (read.next === 'body') {
      this.state = 'body';
    }
    return read.pos;
  }

  /**
   * Starts scanning a part's data as if preceded by a CRLF that is not data: the header block's last CRLF
   * may also open the delimiter of an empty part (RFC 2046 makes the CRLF before part data optional), and
   * a body may open with its first boundary without a CRLF before it.
   */
  private startScan(): void {
    this.state = 'body';
    this.carry = CRLF;
    this.virtualBytes = CRLF.length;
  }

  /** Collects a header block up to its blank line (bounded), then starts the part it describes. */
  private readHeaders(chunk: Buffer, pos: number): number {
    const read = this.headerBlock.read(chunk, pos);
    if (!read.headers) return pos + read.taken;
    this.sink = this.startPart(read.headers);
    this.startScan();
    return pos + read.taken;
  }

  /** Where a part's data goes. Like busboy, a part is a file when it has a filename or is octet-stream. */
  private startPart(headers: Map<string, string>): Sink {
    const disposition = parseDisposition(headers.get('content-disposition') ?? '');
    if (!disposition) return SKIP;
    const contentType = parseContentType(headers.get('content-type') ?? '');
    const mimeType = contentType?.type ?? 'text/plain';
    if (disposition.filename === undefined && mimeType !== 'application/octet-stream') {
      if (this.fieldCount === this.limits.fields) return SKIP;
      this.fieldCount += 1;
      return { kind: 'field', name: disposition.name, chunks: [], size: 0, truncated: false };
    }
    if (this.fileCount === this.limits.files) return SKIP;
    this.fileCount += 1;
    if (this.listenerCount('file') === 0) return SKIP;
    const stream = this.openFileStream();
    this.emit('file', disposition.name, stream, { filename: disposition.filename, mimeType } satisfies FileInfo);
    return { kind: 'file', stream };
  }

  /** A file stream whose reads release a held write, and whose early destruction drops its part's rest. */
  private openFileStream(): Readable {
    const stream: Readable = new Readable({
      highWaterMark: this.fileHighWaterMark,
      read: () => this.releaseWrite(stream),
    });
    this.openFiles += 1;
    stream.once('close', () => {
      if (this.sink.kind === 'file' && this.sink.stream === stream) this.sink = SKIP;
      this.releaseWrite(stream);
      this.openFiles -= 1;
      const final = this.heldFinal;
      if (this.openFiles === 0 && final) {
        this.heldFinal = null;
        final();
      }
    });
    return stream;
  }

  /** Lets the held write complete once the stream it waited for reads, ends or is destroyed. */
  private releaseWrite(stream: Readable): void {
    if (this.waitingOn !== stream) return;
    this.waitingOn = null;
    const callback = this.heldWrite;
    this.heldWrite = null;
    callback?.();
  }

  /**
   * Reads a file stream nobody wants to its end, its bytes counted against `discardedBytes` (the
   * parse fails past it). Its own failure (the parse failing, the client gone) is the parser's to
   * report: without a listener here it would be an unhandled 'error' that ends the process.
   */
  discard(stream: Readable): void {
    stream.on('error', () => undefined);
    stream.on('data', (chunk: Buffer) => {
      try {
        this.countDiscarded(chunk.length);
      } catch (err) {
        this.destroy(err as Error);
      }
    });
  }

  private countDiscarded(bytes: number): void {
    this.discarded += bytes;
    if (this.discarded > this.limits.discardedBytes) throw new FormDataLimitError('discardedBytes');
  }

  /** Hands part data to the current part: views of the chunk, up to `fieldSize` bytes for a field. */
  private deliver(data: Buffer): void {
    const virtual = Math.min(this.virtualBytes, data.length);
    this.virtualBytes -= virtual;
    data = data.subarray(virtual);
    if (data.length === 0) return;
    const sink = this.sink;
    if (sink.kind === 'file') {
      if (!sink.stream.destroyed && !sink.stream.push(data)) this.waitingOn = sink.stream;
    } else if (sink.kind === 'field') {
      appendToField(sink, data, this.limits);
    } else {
      this.countDiscarded(data.length);
    }
  }

  /** A delimiter was found: the current part is complete. */
  private endPart(): void {
    const sink = this.sink;
    this.sink = SKIP;
    this.virtualBytes = 0;
    this.state = 'boundary-line';
    this.line = 'start';
    if (sink.kind === 'file' && !sink.stream.destroyed) sink.stream.push(null);
    if (sink.kind === 'field') {
      const value = Buffer.concat(sink.chunks, sink.size).toString('utf8');
      this.emit('field', sink.name, value, { valueTruncated: sink.truncated } satisfies FieldInfo);
    }
  }
}

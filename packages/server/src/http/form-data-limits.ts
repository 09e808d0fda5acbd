/**
 * What the form-data parser (`form-data.ts`) tells its listeners about a part, and the limits and
 * options it is built with.
 */

/** What is known of a text field when it is emitted. */
export interface FieldInfo {
  /** True when the value was longer than `limits.fieldSize` and was cut there. */
  valueTruncated: boolean;
}

/** What the part headers said about a file. */
export interface FileInfo {
  /** Last path segment of `filename*` or `filename`; undefined for an `application/octet-stream` part without one. */
  filename: string | undefined;
  /** The part's Content-Type without parameters, `text/plain` when absent (as busboy). */
  mimeType: string;
}

export interface FormDataLimits {
  /** Text fields emitted at most; later ones are skipped. */
  fields?: number;
  /** Bytes kept of a field value; the rest is dropped and `valueTruncated` set. */
  fieldSize?: number;
  /** File parts emitted at most; later ones are read and discarded. */
  files?: number;
  /** 'error': a field longer than `fieldSize` fails the parse at once (FormDataLimitError) instead of being cut. */
  longField?: 'truncate' | 'error';
  /**
   * Bytes read only to be dropped (preamble, epilogue, skipped parts, file streams given to `discard`)
   * before the parse fails (FormDataLimitError): a form cannot make the server read without end.
   */
  discardedBytes?: number;
}

/** A limit of FormDataLimits broken: a field too long, or too much read only to be dropped. */
export class FormDataLimitError extends Error {
  constructor(
    readonly limit: 'fieldSize' | 'discardedBytes',
    readonly field?: string,
  ) {
    super(
      limit === 'fieldSize'
        ? `Form field "${field ?? ''}" is too long`
        : 'Too much of the form is neither the file nor its fields',
    );
  }
}

export interface FormDataOptions {
  limits?: FormDataLimits;
  /** Bytes the parser accepts from its writer before applying backpressure. */
  highWaterMark?: number;
  /** Bytes a file stream buffers for its consumer before the parser stops taking input. */
  fileHighWaterMark?: number;
}

const DEFAULT_FIELD_SIZE = 1024 * 1024;

/** The limits a parser applies: those given, the rest unlimited (a field value: 1 MiB, cut there). */
export function resolveLimits(limits: FormDataLimits = {}): Required<FormDataLimits> {
  return {
    fields: limits.fields ?? Infinity,
    fieldSize: limits.fieldSize ?? DEFAULT_FIELD_SIZE,
    files: limits.files ?? Infinity,
    longField: limits.longField ?? 'truncate',
    discardedBytes: limits.discardedBytes ?? Infinity,
  };
}

/** A text field being read: its name and the bytes kept so far. */
export interface FieldSink {
  kind: 'field';
  name: string;
  chunks: Buffer[];
  size: number;
  truncated: boolean;
}

/** Adds part data to a field, up to `fieldSize` bytes: the rest is dropped and marked, or with `longField: 'error'` fails the parse. */
export function appendToField(sink: FieldSink, data: Buffer, limits: Required<FormDataLimits>): void {
  const room = limits.fieldSize - sink.size;
  if (data.length > room && limits.longField === 'error') throw new FormDataLimitError('fieldSize', sink.name);
  if (data.length > room) sink.truncated = true;
  const kept = data.subarray(0, room);
  sink.chunks.push(kept);
  sink.size += kept.length;
}

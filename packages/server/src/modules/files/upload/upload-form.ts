import { FileShareOptions } from '@driftbox/contract';
import { finished, type Readable, type Writable } from 'node:stream';
import { AppError, badRequest } from '../../../lib/errors.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import type { BodySource } from '../../../storage/object-store.js';
import { toReadable } from '../../../storage/streams.js';
import { parseWith } from '../../../http/request.js';
import type { ShareOptions } from '../files.shares.js';
import { FormDataParser } from '../../../http/form-data.js';
import { FormDataLimitError } from '../../../http/form-data-limits.js';

/** The file part of an upload form, as a stream that must be consumed. */
export interface FormFile {
  filename: string;
  mimetype: string;
  stream: Readable;
}

/**
 * Pipes `body` into `into` such that a failure of `into` (a limit, a storage error) does not destroy
 * `body`: destroying the Node request would reset the connection before the error response (e.g. 413)
 * is sent. The body is only unpiped; the server drains or closes the unread rest after responding.
 */
export function pipeDetached<T extends Writable>(body: BodySource, into: T): T {
  const source = toReadable(body);
  // finished() also reports a source that failed before this call (an error event would be missed).
  finished(source, { writable: false }, (err) => {
    if (err) into.destroy(err);
  });
  into.once('close', () => source.unpipe(into));
  return source.pipe(into);
}

const MAX_FIELDS = 50;
const PARSER_BUFFER = 4 * 1024 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
/** Bytes of a form that are neither the file nor its fields (other parts, preamble, epilogue). */
const MAX_DISCARDED_BYTES = 1024 * 1024;

function limitError(err: FormDataLimitError): AppError {
  if (err.limit === 'fieldSize')
    return new AppError('PAYLOAD_TOO_LARGE', {
      text: msg('files.form.fieldTooLong', { field: err.field ?? '' }),
    });
  return new AppError('PAYLOAD_TOO_LARGE', {
    text: msg('files.form.tooMuchElse'),
  });
}

/**
 * Parses a multipart/form-data body as a stream (`FormDataParser`): text fields are collected, and the
 * first part named `file` is handed to `onFile` with the fields seen so far while its bytes are still
 * arriving — nothing is buffered whole in memory or on disk (ARCHITECTURE §6). `allFields` resolves with
 * every field once the body is read (fields may follow the file). Backpressure holds: while `onFile` does
 * not read, the request is not read either. If `onFile` fails, the body is abandoned at once.
 */
export function parseUploadForm<T>(
  body: BodySource,
  contentType: string,
  onFile: (
    fieldsSoFar: Record<string, string>,
    file: FormFile,
    allFields: Promise<Record<string, string>>,
  ) => Promise<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let fieldsRead: (all: Record<string, string>) => void = () => {};
    let fieldsFailed: (err: unknown) => void = () => {};
    const allFields = new Promise<Record<string, string>>((done, failed) => {
      fieldsRead = done;
      fieldsFailed = failed;
    });
    // Only awaited once the file is stored; a body that breaks before then fails the upload itself.
    allFields.catch(() => undefined);
    const source = toReadable(body);
    let parser: FormDataParser;
    try {
      // 4 MiB buffers (default 16 KiB) keep the socket flowing while storage writes; memory stays bounded.
      const limits = {
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        files: 1,
        longField: 'error',
        discardedBytes: MAX_DISCARDED_BYTES,
      } as const;
      parser = new FormDataParser(contentType, {
        highWaterMark: PARSER_BUFFER,
        fileHighWaterMark: PARSER_BUFFER,
        limits,
      });
    } catch {
      reject(badRequest(msg('files.form.invalid')));
      return;
    }
    let upload: Promise<T> | null = null;
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      // A field too long, or too much besides the file, is refused as soon as it shows (not once all is read).
      const err = cause instanceof FormDataLimitError ? limitError(cause) : cause;
      settled = true;
      fieldsFailed(err);
      // Not destroyed: that would reset the connection before the error response is sent.
      source.unpipe(parser);
      reject(err instanceof AppError ? err : badRequest(msg('files.form.unreadable')));
    };

    // A field too long fails the parse (longField: 'error') before it is emitted.
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || upload) {
        parser.discard(stream);
        return;
      }
      const filename = info.filename ?? '';
      // Async wrapper: a synchronous throw (bad options) becomes a rejection like any other failure.
      upload = (async () => onFile({ ...fields }, { filename, mimetype: info.mimeType, stream }, allFields))();
      upload.catch(fail);
    });
    parser.on('error', fail);
    parser.on('close', () => {
      if (settled) return;
      if (!upload) return fail(badRequest(msg('files.form.noFile')));
      fieldsRead(fields);
      upload.then((result) => {
        if (settled) return;
        settled = true;
        resolve(result);
      }, fail);
    });
    pipeDetached(source, parser);
  });
}

/**
 * The options of a form whose fields continued after the file: undefined when nothing changed. Where
 * the bytes went cannot change any more: a late `s3_config_id` or `path` is refused unless it names
 * the config and folder the bytes already went to.
 */
export function lateFormOptions(
  early: Record<string, string>,
  all: Record<string, string>,
  usedConfigId: string,
): ShareOptions | undefined {
  if (Object.keys(all).every((k) => all[k] === early[k])) return undefined;
  const before = parseWith(FileShareOptions, early);
  const after = parseWith(FileShareOptions, all);
  const configMoved = (after.s3_config_id ?? usedConfigId) !== usedConfigId;
  const pathMoved = (after.path ?? '') !== (before.path ?? '');
  if (configMoved || pathMoved) {
    throw badRequest(msg('files.form.lateOptions'));
  }
  return after;
}

import { pipeline, Readable, Transform } from 'node:stream';
import { StorageError } from './errors.js';
import type { BodySource } from './object-store.js';

/** A Node Readable over either kind of body stream (web streams come from `Request.body`). */
export function toReadable(body: BodySource): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body);
}

/**
 * Passes a body through unchanged but fails it when it is longer or shorter than announced, so a
 * backend never waits for bytes that will not come nor stores a truncated object.
 */
export function lengthGuard(expected: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > expected) callback(new StorageError('BAD_DIGEST', 'The body is longer than announced'));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(seen === expected ? null : new StorageError('BAD_DIGEST', 'The body is shorter than announced'));
    },
  });
}

/** `body` piped through a length guard; the guard's errors (and the source's) end the returned stream. */
export function guardedBody(body: BodySource, expected: number): Readable {
  // pipeline() also destroys the source when the consumer gives up, so the upload is not left hanging;
  // the error itself reaches the consumer through the returned stream.
  return pipeline(toReadable(body), lengthGuard(expected), () => {});
}

/** Bytes a response body may hold ahead of the socket (see responseBody). */
export const RESPONSE_READ_AHEAD = 4 * 1024 * 1024;

/**
 * A web stream over a Node Readable for a response body, without `Readable.toWeb`'s copy of every
 * chunk (it copies each Buffer to detach it from a pool; storage bodies come in freshly allocated
 * chunks, so handing them on is safe). The source pauses while the consumer is behind, and is
 * destroyed when the consumer gives up (client gone), so a file handle or S3 socket is never left open.
 */
export function responseBody(body: Readable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        body.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) body.pause();
        });
        body.once('end', () => controller.close());
        body.once('error', (err) => controller.error(err));
      },
      pull() {
        body.resume();
      },
      cancel(reason) {
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    // Read ahead up to 4 MiB: the storage read of the next chunks overlaps the socket write of this
    // one (with a one-chunk queue each waited for the other, and downloads ran at half speed).
    { highWaterMark: RESPONSE_READ_AHEAD, size: (chunk) => chunk.byteLength },
  );
}

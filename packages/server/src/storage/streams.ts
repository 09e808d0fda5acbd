import { finished, pipeline, Readable, Transform } from 'node:stream';
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

/** Bytes `chunkBatches` lets arrive ahead of its consumer before it pauses the source. */
export const CHUNK_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * The chunks of a body as they arrived, in batches. `for await` over a Node Readable calls `read()`,
 * which joins every buffered chunk into one new Buffer: a copy of the whole body into freshly allocated
 * memory (page faults included) before the consumer copies it again. Here a byte Readable is read in
 * flowing mode and its chunks are handed on as they are — one await per batch, not per chunk — and the
 * source pauses once CHUNK_BATCH_BYTES wait for the consumer. Other iterables come one chunk per batch. As
 * with `for await`, a consumer that stops early (break or throw) destroys the source.
 */
export async function* chunkBatches(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array[], void, undefined> {
  if (!(source instanceof Readable) || source.readableObjectMode) {
    for await (const chunk of source) yield [chunk];
    return;
  }
  let batch: Uint8Array[] = [];
  let bytes = 0;
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const onData = (chunk: Uint8Array): void => {
    batch.push(chunk);
    bytes += chunk.length;
    if (bytes >= CHUNK_BATCH_BYTES) source.pause();
    notify();
  };
  // finished() also reports a source that ends without 'end' (premature close) and one that already failed.
  const stopWatching = finished(source, { writable: false }, (err) => {
    if (err) failure = err;
    done = true;
    notify();
  });
  source.on('data', onData);
  source.resume();
  try {
    for (;;) {
      if (failure) throw failure;
      if (batch.length > 0) {
        const out = batch;
        batch = [];
        bytes = 0;
        source.resume();
        yield out;
      } else if (done) {
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    source.off('data', onData);
    stopWatching();
    if (!done) source.destroy();
  }
}

/** Bytes one response body may hold ahead of the socket (see responseBody). */
export const RESPONSE_READ_AHEAD = 4 * 1024 * 1024;
/** Bytes all response bodies together may hold ahead of their sockets beyond one chunk each. */
export const SHARED_READ_AHEAD = 32 * 1024 * 1024;

let sharedHeld = 0;

/** Bytes the response bodies of this process hold ahead of their sockets now. */
export function readAheadHeld(): number {
  return sharedHeld;
}

/**
 * A web stream over a Node Readable for a response body, without `Readable.toWeb`'s copy of every
 * chunk (it copies each Buffer to detach it from a pool; storage bodies come in freshly allocated
 * chunks, so handing them on is safe). The source is destroyed when the consumer gives up (client
 * gone), so a file handle or S3 socket is never left open.
 *
 * It reads ahead up to RESPONSE_READ_AHEAD: the storage read of the next chunks overlaps the socket
 * write of this one (with a one-chunk queue each waited for the other, and downloads ran at half
 * speed). Beyond its first chunk a body reads ahead only while all bodies together hold less than
 * SHARED_READ_AHEAD, so slow readers (a thousand connections at 1 KB/s) cannot make the server hold
 * megabytes each. The queue is our own (the web stream's is zero), as the stream's pull() only
 * reports a reader waiting, not a chunk written.
 */
export function responseBody(body: Readable): ReadableStream<Uint8Array> {
  const queue: Buffer[] = [];
  let held = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const hold = (bytes: number): void => {
    held += bytes;
    sharedHeld += bytes;
  };
  const regulate = (): void => {
    if (held >= RESPONSE_READ_AHEAD || (held > 0 && sharedHeld >= SHARED_READ_AHEAD)) body.pause();
    else body.resume();
  };
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const finish = (): void => {
    hold(-held);
    queue.length = 0;
  };
  body.on('data', (chunk: Buffer) => {
    queue.push(chunk);
    hold(chunk.byteLength);
    regulate();
    notify();
  });
  body.once('end', () => {
    ended = true;
    notify();
  });
  body.once('error', (err) => {
    failure = err;
    notify();
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (queue.length === 0 && !ended && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
        const chunk = queue.shift();
        if (chunk) {
          hold(-chunk.byteLength);
          controller.enqueue(chunk);
          regulate();
        } else if (failure !== undefined) {
          finish();
          controller.error(failure);
        } else {
          controller.close();
        }
      },
      cancel(reason) {
        finish();
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

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
/** How often a body measures its reader's pace. */
const PACE_WINDOW_MS = 100;
/** A body may read ahead what its reader takes in this long (a quarter second of its pace). */
const PACE_AHEAD_MS = 250;

let sharedHeld = 0;

/** Bytes the response bodies of this process hold ahead of their sockets beyond one chunk each. */
export function readAheadHeld(): number {
  return sharedHeld;
}

/**
 * A web stream over a Node Readable for a response body, without `Readable.toWeb`'s copy of every
 * chunk (it copies each Buffer to detach it from a pool; storage bodies come in freshly allocated
 * chunks, so handing them on is safe). The source is destroyed when the consumer gives up (client
 * gone), so a file handle or S3 socket is never left open; a source that closes early fails the body.
 *
 * Beyond one chunk it reads ahead what its reader takes in a quarter second (measured every 100 ms),
 * up to RESPONSE_READ_AHEAD, and only while all bodies together hold less than SHARED_READ_AHEAD
 * beyond their first chunks. A fast download so overlaps the storage read of the next chunks with the
 * socket write of this one (with a one-chunk queue each waited for the other, and downloads ran at
 * half speed), while a slow reader (a thousand connections at 1 KB/s) holds one chunk, not megabytes,
 * and cannot take the shared room from the others. The queue is our own (the web stream's is zero),
 * as the stream's pull() only reports a reader waiting, not a chunk written.
 */
export function responseBody(body: Readable, now: () => number = () => performance.now()): ReadableStream<Uint8Array> {
  const queue: Buffer[] = [];
  let held = 0;
  /** This body's part of sharedHeld: what it holds beyond its first chunk. */
  let counted = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  let windowStart = now();
  let windowTaken = 0;
  let allowance = 0;
  const recount = (): void => {
    const beyondFirst = queue.length > 1 ? held - (queue[0]?.byteLength ?? 0) : 0;
    sharedHeld += beyondFirst - counted;
    counted = beyondFirst;
  };
  const regulate = (): void => {
    const full = held > 0 && (held >= allowance || (counted > 0 && sharedHeld >= SHARED_READ_AHEAD));
    if (full) body.pause();
    else body.resume();
  };
  const took = (bytes: number): void => {
    windowTaken += bytes;
    const elapsed = now() - windowStart;
    if (elapsed < PACE_WINDOW_MS) return;
    allowance = Math.min(RESPONSE_READ_AHEAD, (windowTaken / elapsed) * PACE_AHEAD_MS);
    windowStart += elapsed;
    windowTaken = 0;
  };
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const finish = (): void => {
    queue.length = 0;
    held = 0;
    recount();
  };
  body.on('data', (chunk: Buffer) => {
    queue.push(chunk);
    held += chunk.byteLength;
    recount();
    regulate();
    notify();
  });
  // Also reports a source destroyed without an error (premature close): the body fails instead of hanging.
  // Its listeners stay: an error after the end (a destroy on cancel) is then never unhandled.
  finished(body, { writable: false }, (err) => {
    if (err) failure = err;
    else ended = true;
    notify();
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (queue.length === 0 && !ended && failure === undefined)
          await new Promise<void>((resolve) => (wake = resolve));
        const chunk = queue.shift();
        if (chunk) {
          held -= chunk.byteLength;
          recount();
          took(chunk.byteLength);
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

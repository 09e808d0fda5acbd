import { PART_CONCURRENCY, PART_RETRIES, PART_RETRY_DELAY_MS } from '@driftbox/contract';
import { isApiError } from '../api/api-error';
import { isAbort, isUploadError, sleep, UploadError } from './upload-error';
import type { PutFn } from './xhr-put';

/** One uploaded part, in the names the complete call takes. */
export interface UploadedPart {
  PartNumber: number;
  ETag: string;
}

export interface UploadPartsInput {
  blob: Blob;
  partSize: number;
  partCount: number;
  /** Signed URL per part still to upload. */
  urls: ReadonlyMap<number, string>;
  /** Parts storage already holds (a resumed upload); they are not sent again. */
  done?: readonly UploadedPart[];
  put: PutFn;
  /** A fresh URL for a part whose URL was refused (expired signature); `signal` stops the batch. */
  refreshUrl?: (partNumber: number, signal: AbortSignal) => Promise<string>;
  /** Total bytes stored so far, including resumed parts. */
  onProgress?: (loaded: number) => void;
  /** Called as each part finishes, so the caller can persist it for a resume after a reload. */
  onPartDone?: (part: UploadedPart, all: UploadedPart[]) => void;
  signal?: AbortSignal;
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  /** Injected for tests (fake timers work with the default too). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The byte range of a part: `Blob.slice` only references the file, nothing is read into memory. */
export function partRange(partNumber: number, partSize: number, size: number): { start: number; end: number } {
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(start + partSize, size) };
}

/** Parts needed for `size` bytes (at least one, so an empty file is one empty part). */
export function partCountFor(size: number, partSize: number): number {
  return Math.max(1, Math.ceil(size / partSize));
}

/**
 * Errors a retry cannot fix: the user's cancel, a missing ETag (a CORS setting, not a glitch) and an
 * address the browser blocks outright (mixed content).
 */
function isFinal(error: unknown): boolean {
  return isAbort(error) || (isUploadError(error) && (error.code === 'NO_ETAG' || error.code === 'INSECURE_STORAGE'));
}

/**
 * Uploads the missing parts, at most `concurrency` at a time (spec §9: 3), each retried up to
 * `retries` times after waiting `retryDelayMs × attempt`. The first part that still fails stops the
 * others. Resolves with every part (resumed and new) sorted by number.
 */
export async function uploadParts(input: UploadPartsInput): Promise<UploadedPart[]> {
  const { blob, partSize, partCount, put, signal } = input;
  const concurrency = input.concurrency ?? PART_CONCURRENCY;
  const retries = input.retries ?? PART_RETRIES;
  const retryDelayMs = input.retryDelayMs ?? PART_RETRY_DELAY_MS;
  const wait = input.wait ?? sleep;
  const finished = new Map<number, UploadedPart>((input.done ?? []).map((p) => [p.PartNumber, p]));
  const urls = new Map(input.urls);
  const pending: number[] = [];
  for (let n = 1; n <= partCount; n += 1) if (!finished.has(n)) pending.push(n);

  // One controller for this batch: the first hard failure (or the user's cancel) stops every PUT.
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort();
  if (signal?.aborted) throw new UploadError('ABORTED');
  signal?.addEventListener('abort', onOuterAbort, { once: true });

  const inFlight = new Map<number, number>();
  let storedBytes = 0;
  for (const part of finished.values()) {
    const { start, end } = partRange(part.PartNumber, partSize, blob.size);
    storedBytes += end - start;
  }
  const report = () => {
    let loaded = storedBytes;
    for (const bytes of inFlight.values()) loaded += bytes;
    input.onProgress?.(loaded);
  };
  report();

  async function sendPart(partNumber: number): Promise<void> {
    const { start, end } = partRange(partNumber, partSize, blob.size);
    const body = blob.slice(start, end);
    let lastError: unknown;
    // The part's URL was refused as expired (S3 answers 403, Driftbox's local storage 410): it is
    // signed again before the next attempt, until a refresh gets through.
    let expired = false;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) {
        await wait(retryDelayMs * attempt, stop.signal);
        if (expired && input.refreshUrl) {
          try {
            const fresh = await input.refreshUrl(partNumber, stop.signal);
            if (fresh) urls.set(partNumber, fresh);
            expired = false;
          } catch (error) {
            if (stop.signal.aborted) throw signal?.aborted ? new UploadError('ABORTED') : error;
            // The upload is gone on the server: no URL will come, whatever the retries.
            if (isApiError(error) && (error.status === 404 || error.status === 410))
              throw new UploadError('PARTS_FAILED', { cause: error, status: error.status });
            // Another failure is this attempt's; the part's other retries ask again.
            lastError = refreshFailure(error);
            continue;
          }
        }
      }
      const url = urls.get(partNumber);
      if (!url) throw new UploadError('PARTS_FAILED', { message: `No upload URL for part ${partNumber}` });
      try {
        inFlight.set(partNumber, 0);
        const { etag } = await put(url, body, {
          signal: stop.signal,
          onProgress: (loaded) => {
            inFlight.set(partNumber, loaded);
            report();
          },
        });
        if (!etag) throw new UploadError('NO_ETAG');
        inFlight.delete(partNumber);
        storedBytes += end - start;
        const part = { PartNumber: partNumber, ETag: etag };
        finished.set(partNumber, part);
        report();
        input.onPartDone?.(part, sorted());
        return;
      } catch (error) {
        inFlight.delete(partNumber);
        report();
        if (stop.signal.aborted || isFinal(error))
          throw stop.signal.aborted && signal?.aborted ? new UploadError('ABORTED') : error;
        lastError = error;
        if (isUploadError(error) && (error.status === 403 || error.status === 410)) expired = true;
      }
    }
    // Timeouts and network failures keep their own message; storage refusals become "some parts failed".
    if (isUploadError(lastError) && (lastError.code === 'NETWORK' || lastError.code === 'TIMEOUT')) throw lastError;
    throw new UploadError('PARTS_FAILED', {
      cause: lastError,
      status: isUploadError(lastError) ? lastError.status : 0,
    });
  }

  const sorted = () => [...finished.values()].sort((a, b) => a.PartNumber - b.PartNumber);

  let failure: unknown;
  async function worker(): Promise<void> {
    for (;;) {
      const next = pending.shift();
      if (next === undefined || failure !== undefined) return;
      try {
        await sendPart(next);
      } catch (error) {
        if (failure === undefined) failure = error;
        stop.abort();
        return;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, pending.length)) }, () => worker()));
  } finally {
    signal?.removeEventListener('abort', onOuterAbort);
  }
  if (signal?.aborted) throw new UploadError('ABORTED');
  if (failure !== undefined) throw failure;
  return sorted();
}

/** A failed URL refresh as a part failure: no answer stays a network failure (the upload remains resumable). */
function refreshFailure(error: unknown): UploadError {
  if (isApiError(error) && error.code === 'NETWORK') return new UploadError('NETWORK', { cause: error });
  if (isApiError(error) && error.code === 'TIMEOUT') return new UploadError('TIMEOUT', { cause: error });
  return new UploadError('HTTP', { cause: error, status: isApiError(error) ? error.status : 0 });
}

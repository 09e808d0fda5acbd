import { MAX_PARTS, PART_SIZE, type FileDetailDto } from '@driftbox/contract';
import { isApiError } from '../api/api-error';
import { createResumeStore, fileFingerprint, fileSample, type ResumeEntry, type ResumeStore } from './resume-store';
import type { ResumedShareOptions, ShareOptions } from './upload-api';
import type { UploadContext } from './upload-context';
import { isAbort, isUploadError, UploadError } from './upload-error';
import { claimUpload } from './upload-locks';
import { partCountFor, uploadParts, type UploadedPart } from './upload-parts';
import { cancelOnly, discard, findPublished, isGone, PAUSE_REASON, step, throwIfAborted } from './upload-stop';
import { xhrPut } from './xhr-put';

/**
 * The part size for `size` bytes: spec §9's 5 MiB, or whole MiB larger for a file that would need more
 * than 10 000 of them (about 48.8 GiB), which storage would refuse.
 */
export function partSizeFor(size: number, partSize: number): number {
  if (Math.ceil(size / partSize) <= MAX_PARTS) return partSize;
  const MiB = 1024 * 1024;
  return Math.ceil(size / MAX_PARTS / MiB) * MiB;
}

/**
 * A failure the stored parts survive, so the upload stays resumable for a retry: no answer from the
 * other side (the connection dropped or timed out, after the part retries), or a complete refused only
 * for its link being taken (the server keeps the upload; the retry brings another link).
 */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof UploadError)) return false;
  if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return true;
  const cause = isApiError(error.cause) ? error.cause.code : undefined;
  return cause === 'NETWORK' || cause === 'TIMEOUT' || (error.code === 'FINALIZE_FAILED' && cause === 'SLUG_TAKEN');
}

/** The options a resumed upload completes with: the current ones (storage and folder are already fixed). */
function resumedOptions({ s3_config_id: _config, path: _path, ...rest }: ShareOptions): ResumedShareOptions {
  return rest;
}

interface Continued {
  entry: ResumeEntry;
  urls: Map<number, string>;
  /** Continued from an earlier attempt, whose share options may be stale. */
  resumed: boolean;
  /** The earlier attempt's complete went through after all (its answer was lost): nothing left to send. */
  published?: FileDetailDto;
}

/** The upload to continue: the stored entry when the server still has it, else a new one. */
async function startOrResume(ctx: UploadContext, store: ResumeStore, fingerprint: string): Promise<Continued> {
  const { deps, options, meta, callbacks, file, signal } = ctx;
  const partSize = partSizeFor(file.size, deps.partSize ?? PART_SIZE);
  const configId = options.s3_config_id ?? '';
  const path = options.path ?? '';
  const stored = store.get(fingerprint);
  const sample = await fileSample(file);
  // Another storage or folder is another object, and another file of the same name, size and date
  // other bytes: the old upload is dropped, not continued.
  if (
    stored &&
    (stored.configId !== configId ||
      (stored.path ?? '') !== path ||
      (stored.sample !== undefined && stored.sample !== sample))
  ) {
    store.remove(fingerprint);
    await deps.api.abort(stored.fileId, stored.uploadId).catch(() => undefined);
  } else if (stored && stored.size === file.size) {
    try {
      const listed = await deps.api.listParts(stored.fileId, stored.uploadId, signal);
      const parts = listed.parts
        .filter((p) => p.PartNumber <= stored.partCount)
        .map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag }));
      const have = new Set(parts.map((p) => p.PartNumber));
      const missing = Array.from({ length: stored.partCount }, (_, i) => i + 1).filter((n) => !have.has(n));
      const urls =
        missing.length > 0 ? await deps.api.refreshUrls(stored.fileId, stored.uploadId, missing, signal) : [];
      const entry = { ...stored, parts };
      store.save(fingerprint, entry);
      callbacks.onResume?.(parts.length, stored.partCount);
      return { entry, urls: new Map(urls.map((u) => [u.partNumber, u.url])), resumed: true };
    } catch (error) {
      // Cut short by the user: ended as during the parts (a cancel drops the stored upload, a pause keeps it).
      if (signal?.aborted) {
        const done = await endUpload(
          ctx,
          stored,
          () => store.remove(fingerprint),
          new UploadError('ABORTED', { cause: error }),
        );
        return { entry: stored, urls: new Map(), resumed: true, published: done };
      }
      // Gone: published by a complete whose answer was lost (a timeout), else aborted or cleaned up, and
      // started over. Anything else is a real failure.
      if (!(isApiError(error) && (error.status === 404 || error.status === 410)))
        throw new UploadError('INIT_FAILED', { cause: error });
      store.remove(fingerprint);
      const published = await findPublished(deps.api, stored.fileId);
      if (published) return { entry: stored, urls: new Map(), resumed: true, published };
    }
  }
  const partCount = partCountFor(file.size, partSize);
  // As with presign, a cancel while this is in flight may leave a pending upload we never learn of,
  // for the server's cleanup job.
  const init = await step('INIT_FAILED', signal, () =>
    deps.api.multipartInit({ ...options, ...meta, partSize, partCount }, signal),
  );
  const entry: ResumeEntry = {
    fileId: init.file_id,
    uploadId: init.upload_id,
    configId,
    path,
    storagePath: init.storage_path,
    slug: init.slug,
    partSize: init.partSize,
    partCount: init.partCount,
    parts: [],
    filename: file.name,
    size: file.size,
    sample,
    savedAt: 0,
  };
  store.save(fingerprint, entry);
  return { entry, urls: new Map(init.part_urls.map((u) => [u.partNumber, u.url])), resumed: false };
}

/** A multipart upload, claiming its file while it runs: another tab's running upload of it is left alone. */
export async function uploadMultipart(ctx: UploadContext): Promise<FileDetailDto> {
  const claim = await claimUpload(fileFingerprint(ctx.file));
  if (!claim.taken) throw new UploadError('IN_OTHER_TAB');
  try {
    return await runMultipart(ctx);
  } finally {
    claim.release();
  }
}

async function runMultipart(ctx: UploadContext): Promise<FileDetailDto> {
  const { file, deps, stage, signal, onBytes, options } = ctx;
  const store = deps.resume ?? createResumeStore(deps.now);
  const fingerprint = fileFingerprint(file);
  const forget = () => store.remove(fingerprint);
  stage('initializing');
  const { entry, urls, resumed, published } = await startOrResume(ctx, store, fingerprint);
  if (published) return published;
  try {
    throwIfAborted(signal);
    stage('uploading');
    const parts = await uploadParts({
      blob: file,
      partSize: entry.partSize,
      partCount: entry.partCount,
      urls,
      done: entry.parts,
      put: deps.put ?? xhrPut,
      refreshUrl: async (n, stop) =>
        (await deps.api.refreshUrls(entry.fileId, entry.uploadId, [n], stop))[0]?.url ?? '',
      onProgress: onBytes,
      onPartDone: (_part, all: UploadedPart[]) => store.save(fingerprint, { ...entry, parts: all }),
      signal,
    });
    stage('completing');
    // A continued upload publishes with the options in the form now, not those it was started with.
    const current = resumed ? resumedOptions(options) : undefined;
    const stop = cancelOnly(signal);
    const detail = await step('FINALIZE_FAILED', stop, () =>
      deps.api.complete(entry.fileId, entry.uploadId, parts, current, stop),
    );
    forget();
    return detail;
  } catch (error) {
    return await endUpload(ctx, entry, forget, error);
  }
}

/**
 * Ends a multipart upload that stopped with `error`, which it rethrows, unless the share turned out
 * published: that share is the result. Leaving the page pauses: the upload stays resumable, as after a
 * reload; so does a lost connection (a retry continues from the stored parts, and an abort sent offline
 * would be lost anyway) or a resumed upload's link found taken. A cancel or a refusal ends it: spec §4
 * deletes the record of an upload that failed after it got a file id.
 */
async function endUpload(
  { deps, signal }: UploadContext,
  entry: ResumeEntry,
  forget: () => void,
  error: unknown,
): Promise<FileDetailDto> {
  const paused = isAbort(error) && signal?.reason === PAUSE_REASON;
  if (paused || isRetryable(error)) throw error;
  forget();
  // Nothing pending left: a complete may have published the share after all, either one refused as "not
  // found" that lost to another (a retry after a lost answer), or one the cancel cut short that the
  // server still finished. That share is the result.
  const refused = isUploadError(error) && error.code === 'FINALIZE_FAILED' && isGone(error.cause);
  if (refused || !(await discard(deps.api, entry))) {
    const done = await findPublished(deps.api, entry.fileId);
    if (done) return done;
  }
  throw error;
}

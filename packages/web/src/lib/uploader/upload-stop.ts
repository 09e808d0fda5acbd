/**
 * How an upload stops and what it leaves: the server calls run under the user's cancel or pause
 * (`step`), the publishing call only under a cancel (`cancelOnly`), and what a stopped upload left on
 * the server is discarded, or turns out published (`discard`, `findPublished`).
 */
import type { FileDetailDto } from '@driftbox/contract';
import { isApiError } from '../api/api-error';
import type { ResumeEntry } from './resume-store';
import type { UploadApi } from './upload-api';
import { UploadError, type UploadErrorCode } from './upload-error';

/**
 * Abort reason for leaving the page: the transfer stops but, like a reload, a multipart upload stays
 * resumable (any other abort is the user's cancel, which discards it on the server).
 */
export const PAUSE_REASON = 'pause';

/**
 * Runs `call`, unless `signal` already fired; a server refusal becomes `code` with the ApiError kept as
 * its cause, and a call that `signal` cut short (the user's cancel or pause) ABORTED.
 */
export async function step<T>(
  code: UploadErrorCode,
  signal: AbortSignal | undefined,
  call: () => Promise<T>,
): Promise<T> {
  throwIfAborted(signal);
  try {
    return await call();
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (signal?.aborted) throw new UploadError('ABORTED', { cause: error });
    throw new UploadError(code, { cause: error, status: isApiError(error) ? error.status : 0 });
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new UploadError('ABORTED');
}

/**
 * `signal` for the call that publishes (commit, complete): a cancel stops waiting for it, a pause does
 * not. Leaving the page pauses, and a file already completing is past taking back (the queue offers no
 * Cancel then): its share is published as the page goes, not discarded half-way.
 */
export function cancelOnly(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (!signal) return undefined;
  const controller = new AbortController();
  const follow = () => {
    if (signal.reason !== PAUSE_REASON) controller.abort(signal.reason);
  };
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  return controller.signal;
}

/** The server has no pending upload by that id (any more): it was discarded, or published. */
export function isGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * The share a commit or complete published although its answer never came (lost, or a cancel stopped
 * the request but not the server), or null. Asked without the signal: it settles what a cancel left.
 */
export function findPublished(api: UploadApi, fileId: string): Promise<FileDetailDto | null> {
  return api.published(fileId).catch(() => null);
}

/**
 * Discards a multipart upload on the server: abort drops the parts and the pending share, cancel is the
 * fallback. False when the server had none pending (404); then no cancel, which would delete a share
 * that a complete published meanwhile.
 */
export async function discard(api: UploadApi, { fileId, uploadId }: ResumeEntry): Promise<boolean> {
  try {
    await api.abort(fileId, uploadId);
  } catch (error) {
    if (isGone(error)) return false;
    await api.cancel(fileId).catch(() => undefined);
  }
  return true;
}

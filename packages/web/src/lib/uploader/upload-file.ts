import { PART_SIZE, shareableFilename, uploadMimetype, type FileDetailDto } from '@driftbox/contract';
import { SpeedMeter } from './speed-meter';
import type { FileMeta, ShareOptions } from './upload-api';
import type { UploadCallbacks, UploadContext, UploaderDeps, UploadMethod, UploadStage } from './upload-context';
import { isAbort } from './upload-error';
import { uploadMultipart } from './upload-multipart';
import { cancelOnly, findPublished, PAUSE_REASON, step, throwIfAborted } from './upload-stop';
import { xhrPut } from './xhr-put';

export { PAUSE_REASON };

/** Files larger than one part go multipart (resumable); smaller ones are one presigned PUT. */
export function methodFor(size: number, threshold = PART_SIZE): UploadMethod {
  return size > threshold ? 'multipart' : 'presigned';
}

/**
 * Uploads one file and publishes its share: presign → PUT → commit, or multipart init (or resume) →
 * parts → complete. Rejects with an UploadError; a cancel (`signal`) stops any request at once and
 * rejects with code ABORTED after the server was told to drop the upload — or resolves with the share
 * when the server had published it before the cancel reached it.
 */
export async function uploadFile(
  file: File,
  options: ShareOptions,
  deps: UploaderDeps,
  callbacks: UploadCallbacks = {},
  signal?: AbortSignal,
): Promise<FileDetailDto> {
  const meter = new SpeedMeter(undefined, deps.now);
  const method = methodFor(file.size, deps.multipartThreshold);
  let current: UploadStage | undefined;
  const stage = (next: UploadStage) => {
    if (next === current) return;
    current = next;
    callbacks.onStage?.(next, method);
  };
  let sent = 0;
  let heard = false;
  const onBytes = (loaded: number) => {
    sent = loaded;
    heard = true;
    callbacks.onProgress?.({ loaded, total: file.size, speed: meter.sample(loaded) });
    // Every byte is out: what is left is the storage's answer (the last PUTs), not our sending.
    if (current === 'uploading' && loaded >= file.size) stage('processing');
  };
  // A name the server would refuse (a backslash, over 255 characters) is made acceptable, not refused.
  const meta: FileMeta = {
    filename: shareableFilename(file.name),
    mimetype: uploadMimetype(file.name, file.type),
    size: file.size,
  };
  // Silence is news too: with no progress for a second (a stalled or lost connection) the speed shown
  // falls to 0 over the meter's window instead of keeping its last figure until the request fails.
  const stall = setInterval(() => {
    if (current === 'uploading' && !heard)
      callbacks.onProgress?.({ loaded: sent, total: file.size, speed: meter.sample(sent) });
    heard = false;
  }, STALL_CHECK_MS);
  try {
    stage('starting');
    throwIfAborted(signal);
    const context = { file, options, deps, stage, signal, callbacks, meta, onBytes };
    const result = method === 'multipart' ? await uploadMultipart(context) : await uploadPresigned(context);
    stage('completed');
    return result;
  } finally {
    clearInterval(stall);
  }
}

/** How often an upload checks whether its bytes stopped moving. */
const STALL_CHECK_MS = 1000;

async function uploadPresigned({
  file,
  options,
  deps,
  stage,
  signal,
  meta,
  onBytes,
}: UploadContext): Promise<FileDetailDto> {
  stage('initializing');
  // A cancel while this is in flight may leave a pending record whose id never reaches us: the
  // server's cleanup job removes it once abandoned (PENDING_UPLOAD_IDLE_MS, two hours).
  const presigned = await step('PRESIGN_FAILED', signal, () => deps.api.presign({ ...options, ...meta }, signal));
  let committing = false;
  try {
    throwIfAborted(signal);
    stage('uploading');
    const { etag } = await (deps.put ?? xhrPut)(presigned.upload_url, file, {
      headers: presigned.headers,
      onProgress: onBytes,
      signal,
    });
    stage('completing');
    committing = true;
    const stop = cancelOnly(signal);
    return await step('FINALIZE_FAILED', stop, () => deps.api.commit(presigned.file_id, etag, stop));
  } catch (error) {
    // A commit the cancel cut short may still have published the share: asked first, as `url/cancel`
    // deletes the caller's upload even once published.
    const done = committing && isAbort(error) ? await findPublished(deps.api, presigned.file_id) : null;
    if (done) return done;
    // Spec §4: an upload that fails after it got a file id deletes that record.
    await deps.api.cancel(presigned.file_id).catch(() => undefined);
    throw error;
  }
}

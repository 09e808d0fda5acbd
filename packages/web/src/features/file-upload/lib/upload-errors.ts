import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { formatBytes } from '../../../lib/format';
import { isUploadError, type UploadError } from '../../../lib/uploader/upload-error';
import { PrecheckError } from './prechecks';

/** Server refusals that mean the same whichever call they answered (spec §8 "File upload"). */
function serverRefusal(t: TFunction, error: ApiError): string | undefined {
  if (error.code === 'SLUG_TAKEN') return t('upload.errors.slugTaken');
  if (error.status === 409) return t('upload.errors.allSlugsTaken');
  // The server's 413 already says which limit and by how much (size, remaining space, capacity).
  if (error.status === 413) return error.serverMessage || t('upload.errors.tooLargeForServer');
  if (error.status === 403) return t('upload.errors.noConfigPermission');
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK' || error.code === 'ABORTED')
    return t('upload.errors.network');
  if (error.status >= 500) return t('upload.errors.server');
  return undefined;
}

function uploadErrorText(t: TFunction, error: UploadError): string {
  const cause = isApiError(error.cause) ? error.cause : undefined;
  switch (error.code) {
    case 'NO_ETAG':
      return t('upload.errors.noEtag');
    case 'NETWORK':
      return t(error.toStorage ? 'upload.errors.storageUnreachable' : 'upload.errors.network');
    case 'TIMEOUT':
      return t('upload.errors.timeout');
    case 'ABORTED':
      return t('upload.errors.aborted');
    case 'HTTP':
      return t('upload.errors.storageRefused', { status: error.status });
    case 'INSECURE_STORAGE':
      return t('upload.errors.insecureStorage');
    case 'PARTS_FAILED':
      return t('upload.errors.partsFailed');
    case 'IN_OTHER_TAB':
      return t('upload.errors.inOtherTab');
    default:
      break;
  }
  const refusal = cause ? serverRefusal(t, cause) : undefined;
  if (refusal) return refusal;
  // A storage config the caller may not use answers 404 when the upload starts.
  if (cause?.status === 404 && error.code !== 'FINALIZE_FAILED') return t('upload.errors.noConfigPermission');
  const detail = cause ? errorMessage(cause, { preferServer: true }) : t('upload.errors.unknown');
  if (error.code === 'PRESIGN_FAILED') return t('upload.errors.presignFailed', { message: detail });
  if (error.code === 'INIT_FAILED') return t('upload.errors.initFailed', { message: detail });
  return t('upload.errors.finalizeFailed', { message: detail });
}

/** What the queue says about a failed file, in the page's language. */
export function uploadErrorMessage(t: TFunction, error: unknown, filename = ''): string {
  if (error instanceof PrecheckError) {
    if (error.kind === 'tooLarge')
      return t('upload.errors.tooLarge', {
        name: filename,
        size: formatBytes(error.size),
        max: formatBytes(error.limit),
      });
    return t('upload.errors.insufficientStorage', {
      size: formatBytes(error.size),
      remaining: formatBytes(error.limit),
      capacity: error.capacity === null ? '—' : formatBytes(error.capacity),
    });
  }
  if (isUploadError(error)) return uploadErrorText(t, error);
  // The server's reason ("the host name does not resolve") beats the generic line of its code.
  if (isApiError(error)) return serverRefusal(t, error) ?? errorMessage(error, { preferServer: true });
  return t('upload.errors.unknown');
}

/** The custom link was taken (by another share, or since the form was checked): the field must change. */
export function isSlugTaken(error: unknown): boolean {
  const cause = isUploadError(error) ? error.cause : error;
  return isApiError(cause) && cause.code === 'SLUG_TAKEN';
}

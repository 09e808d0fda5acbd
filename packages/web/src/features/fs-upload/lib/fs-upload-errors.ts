import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { isUploadError } from '../../../lib/uploader/upload-error';

const UPLOAD_ERROR_KEYS = {
  NO_ETAG: 'upload.errors.noEtag',
  TIMEOUT: 'upload.errors.timeout',
  HTTP: 'upload.errors.storageRefused',
  INSECURE_STORAGE: 'upload.errors.insecureStorage',
  PARTS_FAILED: 'upload.errors.partsFailed',
} as const;

/** Why a file did not arrive, in the page's language: the uploader's words for storage, the server's own reason else. */
export function fsUploadErrorMessage(t: TFunction, error: unknown): string {
  if (isUploadError(error)) {
    if (error.code === 'NETWORK')
      return t(error.toStorage ? 'upload.errors.storageUnreachable' : 'upload.errors.network');
    const key =
      error.code in UPLOAD_ERROR_KEYS ? UPLOAD_ERROR_KEYS[error.code as keyof typeof UPLOAD_ERROR_KEYS] : null;
    if (key) return t(key, { status: error.status });
    if (isApiError(error.cause)) return errorMessage(error.cause, { preferServer: true });
  }
  if (isApiError(error)) return errorMessage(error, { preferServer: true });
  return t('upload.errors.unknown');
}

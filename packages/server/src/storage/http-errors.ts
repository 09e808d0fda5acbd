import { AppError, notFound } from '../lib/errors.js';
import { msg } from '../lib/i18n/catalogue.js';
import { StorageError } from './errors.js';

/** What each kind of refused request means (the drivers word their errors in English only). */
const REFUSED = {
  INVALID_KEY: 'storage.object.invalidKey',
  INVALID_PART: 'storage.object.invalidPart',
  BAD_DIGEST: 'storage.object.badDigest',
  INVALID_RANGE: 'storage.object.invalidRange',
} as const;

/**
 * The HTTP meaning of a storage failure, for services that let one reach a client: a missing object
 * is 404, a bad key or part list is 400, a backend failure is 503 (never a bare 500 for what the
 * storage service said). Other errors pass through unchanged.
 */
export function storageToAppError(err: unknown): unknown {
  if (!(err instanceof StorageError)) return err;
  switch (err.code) {
    case 'NOT_FOUND':
      return notFound('object');
    case 'UPLOAD_NOT_FOUND':
      return notFound('upload');
    case 'INVALID_KEY':
    case 'INVALID_PART':
    case 'BAD_DIGEST':
    case 'INVALID_RANGE':
      // The driver's own words say what was wrong in English; Chinese gets the kind of mistake.
      return new AppError('BAD_REQUEST', { text: msg(REFUSED[err.code], { reason: err.message }) });
    case 'NO_SPACE':
      return new AppError('INSUFFICIENT_STORAGE', { text: msg('storage.object.noSpace') });
    case 'CONFLICT':
      return new AppError('CONFLICT', { text: msg('storage.object.folderExists') });
    default:
      if (err.code === 'BACKEND' && err.storageName !== undefined)
        return new AppError('UNAVAILABLE', { text: msg('storage.object.unreachable', { name: err.storageName }) });
      return new AppError('UNAVAILABLE', { text: msg('storage.object.backendFailed') });
  }
}

import { AppError, notFound } from '../lib/errors.js';
import { StorageError } from './errors.js';

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
      return new AppError('BAD_REQUEST', { text: { en: err.message, zh: `请求无效：${err.message}` } });
    case 'CONFLICT':
      return new AppError('CONFLICT', { text: { en: 'A folder with that name already exists', zh: '已存在同名文件夹' } });
    default:
      return new AppError('UNAVAILABLE', { text: { en: 'The storage backend failed', zh: '存储服务出错' } });
  }
}

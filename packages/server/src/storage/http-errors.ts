import { AppError, notFound } from '../lib/errors.js';
import { StorageError } from './errors.js';

/** What each kind of refused request means, in Chinese (the drivers word their errors in English). */
const REFUSED_ZH = {
  INVALID_KEY: '无效的对象路径',
  INVALID_PART: '分片列表与已上传的分片不一致：缺少分片、ETag 不符，或非最后一个分片小于 5 MiB',
  BAD_DIGEST: '上传的内容与声明的长度或校验值不一致',
  INVALID_RANGE: '请求的字节范围无效或超出文件大小',
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
      return new AppError('BAD_REQUEST', { text: { en: err.message, zh: REFUSED_ZH[err.code] } });
    case 'CONFLICT':
      return new AppError('CONFLICT', {
        text: { en: 'A folder with that name already exists', zh: '已存在同名文件夹' },
      });
    default:
      return new AppError('UNAVAILABLE', { text: { en: 'The storage backend failed', zh: '存储服务出错' } });
  }
}

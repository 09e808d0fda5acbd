import type { Area } from './area.js';

/** The presigned URLs of LOCAL storage: why one is refused. */
export const LOCAL_STORAGE_MESSAGES = {
  'localStorage.expired': { en: 'This link has expired', zh: '链接已过期' },
  'localStorage.badSignature': { en: 'Invalid or tampered link signature', zh: '链接签名无效' },
  'localStorage.alreadyUsed': {
    en: 'This upload link was already used: the file is published',
    zh: '该上传链接已被使用：文件已发布',
  },
  'localStorage.revoked': {
    en: 'This link is no longer valid: the share was removed, expired or got a new password',
    zh: '链接已失效：分享已被删除、已过期或已更换密码',
  },
  'localStorage.uploadGone': {
    en: 'This upload link is no longer valid: the upload was cancelled or has expired',
    zh: '该上传链接已失效：上传已取消或已过期',
  },
  'localStorage.wrongSize': {
    en: 'The upload does not have the size this link was issued for',
    zh: '上传内容的大小与该链接签发时的大小不符',
  },
  'localStorage.bodyRequired': { en: 'Request body required', zh: '缺少请求体' },
  'localStorage.lengthRequired': { en: 'Content-Length required', zh: '缺少 Content-Length' },
} as const satisfies Area<'localStorage'>;

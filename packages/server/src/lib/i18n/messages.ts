import type { ErrorCode } from '@driftbox/contract';
import type { Text } from './i18n.js';

/**
 * Default message per error code in both languages. Typed as a complete record so a new code in the
 * contract fails the type check until it has a message here.
 */
export const ERROR_MESSAGES: Record<ErrorCode, Text> = {
  BAD_REQUEST: { en: 'Bad request', zh: '请求无效' },
  VALIDATION_FAILED: { en: 'Validation failed', zh: '参数校验失败' },
  NOTHING_TO_UPDATE: { en: 'Nothing to update', zh: '没有需要更新的内容' },
  SAME_PASSWORD: { en: 'The new password must differ from the current one', zh: '新密码不能与当前密码相同' },
  BACKUP_INVALID: { en: 'The backup file is invalid or incomplete', zh: '备份文件无效或不完整' },
  BACKUP_CHECKSUM: {
    en: 'The backup file failed its checksum: it was changed or damaged',
    zh: '备份文件校验失败：文件已被修改或损坏',
  },
  UNAUTHORIZED: { en: 'Authentication required, please log in', zh: '需要认证访问，请登录' },
  INVALID_CREDENTIALS: { en: 'Invalid username or password', zh: '用户名或密码错误' },
  WRONG_PASSWORD: { en: 'Current password is incorrect', zh: '当前密码错误' },
  TOKEN_EXPIRED: { en: 'Admin session expired, please log in again', zh: '管理员会话已过期，请重新登录' },
  API_KEY_INVALID: { en: 'API key invalid or expired', zh: 'API 密钥无效或已过期' },
  API_KEY_DISABLED: { en: 'API key disabled', zh: 'API 密钥已禁用' },
  FORBIDDEN: { en: 'Forbidden', zh: '禁止访问' },
  PERMISSION_DENIED: { en: 'Permission denied', zh: '权限不足' },
  PATH_FORBIDDEN: { en: 'Path outside the allowed base path', zh: '无权访问该路径' },
  ADMIN_ONLY: { en: 'Administrators only', zh: '仅管理员可访问' },
  NOT_FOUND: { en: 'Not found', zh: '未找到' },
  REQUEST_TIMEOUT: { en: 'The request took too long', zh: '请求超时' },
  CONFLICT: { en: 'Conflict', zh: '资源冲突' },
  NAME_TAKEN: { en: 'Name already in use', zh: '名称已被使用' },
  KEY_TAKEN: { en: 'Key already in use', zh: '密钥已被使用' },
  USERNAME_TAKEN: { en: 'Username already taken', zh: '用户名已被占用' },
  SLUG_TAKEN: { en: 'Link suffix already taken, try another', zh: '链接后缀已被占用，请换一个' },
  GONE: { en: 'Expired or no longer available', zh: '已过期或不可用' },
  PAYLOAD_TOO_LARGE: { en: 'Request body too large', zh: '请求内容过大' },
  UNSUPPORTED_MEDIA_TYPE: { en: 'Unsupported media type', zh: '不支持的媒体类型' },
  RATE_LIMITED: { en: 'Too many attempts, please try again later', zh: '尝试次数过多，请稍后再试' },
  INTERNAL: { en: 'Internal server error', zh: '服务器内部错误' },
  UNAVAILABLE: { en: 'Service unavailable', zh: '服务暂不可用' },
  INSUFFICIENT_STORAGE: { en: 'Insufficient storage', zh: '存储空间不足' },
};

/** Things that can be "not found", with their names in both languages. */
export const RESOURCE_NAMES = {
  'api key': { en: 'API key', zh: 'API 密钥' },
  admin: { en: 'Administrator', zh: '管理员' },
  route: { en: 'API route', zh: '接口' },
  setting: { en: 'Setting', zh: '设置项' },
  paste: { en: 'Paste', zh: '文本分享' },
  'setting group': { en: 'Settings group', zh: '设置分组' },
  'storage config': { en: 'Storage config', zh: '存储配置' },
  object: { en: 'File', zh: '文件' },
  upload: { en: 'Upload', zh: '上传任务' },
  file: { en: 'File share', zh: '文件分享' },
  mount: { en: 'Mount', zh: '挂载点' },
  path: { en: 'Path', zh: '路径' },
  task: { en: 'Task', zh: '任务' },
} satisfies Record<string, Text>;
export type Resource = keyof typeof RESOURCE_NAMES;

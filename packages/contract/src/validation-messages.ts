import { SLUG_MAX } from './constants.js';
import {
  FOLDER_NAME_MAX_BYTES,
  FOLDER_NAME_TOO_LONG,
  MAX_PATH_LENGTH,
  MAX_VIRTUAL_PATH_LENGTH,
  PATH_ERROR_MESSAGES,
} from './paths.js';

/**
 * The Chinese wording of the contract's own validation messages (the English ones are written in the
 * schemas). zod's built-in messages come from its zh-CN locale; these are the custom ones.
 */
export const VALIDATION_MESSAGES_ZH: Readonly<Record<string, string>> = {
  'Unknown permission bits': '未知的权限位',
  'Nothing to update': '没有需要更新的内容',
  'Provide a new username or a new password': '请提供新用户名或新密码',
  'The new password must differ from the current one': '新密码不能与当前密码相同',
  'Choose at least one module': '请至少选择一个模块',
  'Give mountId or s3ConfigId, not both': 'mountId 和 s3ConfigId 只能提供其一',
  'Must be a number': '必须是数字',
  'Must be 0 or more': '不能小于 0',
  'Must be a whole number': '必须是整数',
  'Invalid file name': '文件名无效',
  'Give either expires_in or expires_at, not both': 'expires_in 和 expires_at 只能提供其一',
  'Content must not be empty': '内容不能为空',
  'Content exceeds 10 MB': '内容超过 10 MB',
  'Give either expiry or expiresAt, not both': 'expiry 和 expiresAt 只能提供其一',
  'Set a new password or clear it, not both': '设置新密码和清除密码只能选其一',
  'Must be an http(s) URL without credentials, query or fragment': '必须是不含凭据、查询参数或片段的 http(s) URL',
  'Must be 3-63 letters, digits, dots, hyphens or underscores': '必须是 3–63 个字母、数字、点、连字符或下划线',
  'Endpoint URL is required for this provider': '该服务商需要填写端点 URL',
  'Must be an http or https URL': '必须是 http 或 https URL',
  'The title must not be empty': '标题不能为空',
  'Must be empty, an http(s) URL or a data:image URL': '必须为空、http(s) URL 或 data:image URL',
  'Link suffix may contain only letters, digits, hyphens and underscores': '链接后缀只能包含字母、数字、连字符和下划线',
  'This link suffix is reserved, try another': '该链接后缀为保留字，请换一个',
  'Link suffix must not be empty': '链接后缀不能为空',
  [`Link suffix must be at most ${SLUG_MAX} characters`]: `链接后缀最多 ${SLUG_MAX} 个字符`,
  'ETag is required for every part': '每个分片都需要 ETag',
  'fileId or targetPath is required': '需要提供 fileId 或 targetPath',
  'Mount path must look like /name: letters, digits, _, -, Chinese characters and single slashes, no trailing slash':
    '挂载路径须形如 /name：只能包含字母、数字、_、-、中文字符和单个斜杠，且不能以斜杠结尾',
  'This mount path is reserved by the application': '该挂载路径为系统保留路径',
  [FOLDER_NAME_TOO_LONG]: `路径中每个文件夹名最多 ${FOLDER_NAME_MAX_BYTES} 字节`,
  [PATH_ERROR_MESSAGES.EMPTY]: '路径为空',
  [PATH_ERROR_MESSAGES.TOO_LONG]: `路径超过 ${MAX_PATH_LENGTH} 个字符`,
  [PATH_ERROR_MESSAGES.VIRTUAL_TOO_LONG]: `路径超过 ${MAX_VIRTUAL_PATH_LENGTH} 个字符`,
  [PATH_ERROR_MESSAGES.NUL]: '路径不能包含 NUL 字符',
  [PATH_ERROR_MESSAGES.CONTROL]: '路径不能包含控制字符',
  [PATH_ERROR_MESSAGES.ENCODING]: '路径的百分号编码无效',
  [PATH_ERROR_MESSAGES.BACKSLASH]: '路径不能包含反斜杠（请使用 /）',
  [PATH_ERROR_MESSAGES.DOT_SEGMENT]: '路径不能包含 .. 或编码后的斜杠和点',
  [PATH_ERROR_MESSAGES.NOT_ABSOLUTE]: '路径必须以 / 开头',
};

/** The one message that names the value at fault; its Chinese wording is built the same way. */
const INVALID_EXTENSION = ['Invalid extension "', '": letters and digits only, no dots'] as const;

/** A preview extension-list item that is not `[a-z0-9]+`, named in the message. */
export function invalidExtensionMessage(item: string): string {
  return INVALID_EXTENSION[0] + item + INVALID_EXTENSION[1];
}

/** The Chinese wording of one validation message; a message the contract does not own comes back as is. */
export function validationMessageZh(message: string): string {
  const fixed = VALIDATION_MESSAGES_ZH[message];
  if (fixed !== undefined) return fixed;
  const [head, tail] = INVALID_EXTENSION;
  if (message.length >= head.length + tail.length && message.startsWith(head) && message.endsWith(tail)) {
    return `扩展名“${message.slice(head.length, message.length - tail.length)}”无效：只能包含字母和数字，不含点`;
  }
  return message;
}

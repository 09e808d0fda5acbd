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
};

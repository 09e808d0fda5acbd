import type { Area } from './area.js';

/** File shares: uploading (form, direct, presigned, multipart), their limits, managing and reading them by link. */
export const FILE_MESSAGES = {
  'files.updated': { en: 'File share updated', zh: '文件分享更新成功' },
  'files.deleted': { en: 'File shares deleted', zh: '文件分享已删除' },
  'files.noneDeleted': { en: 'No file share was deleted', zh: '没有删除任何文件分享' },
  'files.delete.storageFailed': {
    en: 'The storage could not delete the file; the share is kept',
    zh: '存储无法删除该文件，分享已保留',
  },
  'files.delete.recordOnlyLocal': {
    en: 'Share only is not available for local storage: the file would stay on the server’s disk, where nothing can reach it. Delete it with its file.',
    zh: '本地存储不支持“仅删除分享”：文件会留在服务器磁盘上，无法再访问。请连同文件一起删除。',
  },

  // Reading a share by link; the 410 tells expired from used up when it can.
  'files.view.gone': { en: 'This file has expired or reached its view limit', zh: '该文件已过期或已达到最大查看次数' },
  'files.view.expired': { en: 'This file has expired', zh: '该文件已过期' },
  'files.view.usedUp': { en: 'This file has reached its view limit', zh: '该文件已达到最大查看次数' },
  'files.view.wrongPassword': { en: 'Wrong password', zh: '密码错误' },
  'files.view.passwordRequired': { en: 'This file needs a password', zh: '该文件需要密码' },
  'files.view.noPassword': { en: 'This file has no password', zh: '该文件没有设置密码' },
  'files.view.noOfficePreview': {
    en: 'This file cannot be previewed with an Office viewer',
    zh: '该文件不支持 Office 在线预览',
  },

  // Where an upload may go and how much it may hold.
  'files.storage.noneForAdmin': {
    en: 'No storage config exists: add one under Admin → Storage',
    zh: '尚无存储配置，请在「管理 → 存储配置」中添加',
  },
  'files.storage.noneForApiKey': {
    en: 'No storage is available to this API key: ask the administrator to allow one for API keys',
    zh: '此 API 密钥没有可用的存储，请联系管理员开放一个存储配置给 API 密钥使用',
  },
  'files.limit.tooLarge': {
    en: 'File too large: {size} exceeds the maximum upload size of {limit}',
    zh: '文件过大：{size}，超出最大上传大小 {limit}',
  },
  'files.limit.insufficientStorage': {
    en: 'Insufficient storage: file size {size}, remaining space {remaining}, capacity {capacity}{held}',
    zh: '存储空间不足：文件大小 {size}，剩余空间 {remaining}，总容量 {capacity}{held}',
  },
  // A size known only as a lower bound (the bytes streamed so far), as {size} of the two above.
  'files.limit.atLeast': { en: 'at least {size}', zh: '至少 {size}' },
  // The {held} of insufficientStorage when uploads still hold room; its own leading space, as it follows a number.
  'files.limit.heldByUploads': {
    en: ' ({reserved} held by unfinished uploads)',
    zh: '（其中 {reserved} 被未完成的上传占用）',
  },

  // Uploading.
  'files.upload.uploaded': { en: 'File uploaded', zh: '文件上传成功' },
  'files.upload.aborted': { en: 'Upload aborted', zh: '上传已取消' },
  'files.upload.notMultipartForm': {
    en: 'Send the file as multipart/form-data',
    zh: '请以 multipart/form-data 上传文件',
  },
  'files.upload.bodyRequired': { en: 'Request body required', zh: '缺少请求体' },
  'files.upload.sizeRequired': { en: 'The file size is required', zh: '缺少文件大小' },
  'files.upload.isMultipart': {
    en: 'This is a multipart upload; complete it instead',
    zh: '这是分片上传，请调用完成接口',
  },
  'files.upload.nothingUploaded': { en: 'Nothing was uploaded for this file yet', zh: '该文件尚未上传' },
  'files.upload.wrongSize': {
    en: 'The uploaded file has {size} bytes, not the {expected} announced; upload it again',
    zh: '上传的文件为 {size} 字节，与声明的 {expected} 字节不符，请重新上传',
  },
  'files.upload.etagMismatch': {
    en: 'The stored file is not the one this upload sent (its ETag differs); upload it again',
    zh: '存储中的文件与本次上传的不一致（ETag 不同），请重新上传',
  },
  'files.upload.changedMeanwhile': {
    en: 'The uploaded file was replaced while it was being published; upload it again',
    zh: '上传的文件在发布过程中被替换，请重新上传',
  },

  // The upload form (multipart/form-data).
  'files.form.noFile': { en: 'The form has no file field', zh: '表单中没有文件' },
  'files.form.fieldTooLong': { en: 'Form field "{field}" is too long', zh: '表单字段 {field} 过长' },
  'files.form.tooMuchElse': {
    en: 'The form carries too much besides the file and its fields',
    zh: '表单中除文件及其字段外的内容过多',
  },
  'files.form.invalid': { en: 'Not a valid multipart/form-data body', zh: '无效的 multipart/form-data 请求体' },
  'files.form.unreadable': { en: 'Could not read the upload form', zh: '无法读取上传表单' },
  'files.form.lateOptions': {
    en: 's3_config_id and path must come before the file in the form',
    zh: 's3_config_id 和 path 必须位于表单中的文件之前',
  },

  // Resumable (multipart) uploads: the part plan and the part list of a complete.
  'files.multipart.partOutside': { en: 'Part {part} is not part of this upload', zh: '分片 {part} 不属于此上传' },
  'files.multipart.partTwice': { en: 'Part {part} is listed twice', zh: '分片 {part} 重复出现' },
  'files.multipart.partsMissing': {
    en: 'The upload has {count} parts; missing from the list: {missing}',
    zh: '此上传共 {count} 个分片，列表中缺少：{missing}',
  },
  'files.multipart.wrongPartCount': {
    en: '{size} bytes in parts of {partSize} need {expected} parts',
    zh: '{size} 字节按每片 {partSize} 字节需要 {expected} 个分片',
  },
  'files.multipart.partTooSmall': {
    en: 'Parts must be at least 5 MiB (except a single part)',
    zh: '分片至少 5 MiB（单个分片除外）',
  },
} as const satisfies Area<'files'>;

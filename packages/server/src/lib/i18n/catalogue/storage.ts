import type { Area } from './area.js';

/** Storage configs and the storage failures a client is told about. */
export const STORAGE_MESSAGES = {
  'storage.config.created': { en: 'Storage config created', zh: '存储配置创建成功' },
  'storage.config.updated': { en: 'Storage config updated', zh: '存储配置更新成功' },
  'storage.config.deleted': { en: 'Storage config deleted', zh: '存储配置删除成功' },
  'storage.config.defaulted': { en: 'Default storage config set', zh: '已设为默认存储配置' },
  'storage.config.testPassed': { en: 'Storage test passed', zh: '存储测试通过' },
  'storage.config.testFailed': { en: 'Storage test found problems', zh: '存储测试发现问题' },
  'storage.config.endpointRequired': {
    en: 'Endpoint URL is required for this provider',
    zh: '此服务商需要填写端点 URL',
  },
  'storage.config.notForLocal': { en: 'Not applicable to local storage', zh: '本地存储不支持该字段' },
  'storage.config.deleteDefault': {
    en: 'The default storage config cannot be deleted; set another as default first',
    zh: '不能删除默认存储配置，请先设置其他配置为默认',
  },
  'storage.config.inUse': {
    en: '{shares} file share(s) still use this storage config',
    zh: '有 {shares} 个文件分享正在使用此存储配置',
  },
  'storage.config.mounted': {
    en: '{mounts} mount(s) still use this storage config; delete or move them first',
    zh: '有 {mounts} 个挂载点正在使用此存储配置，请先删除或修改它们',
  },
  // A refused request: the driver's own words say what was wrong in English; Chinese names the kind of mistake.
  'storage.object.invalidKey': { en: '{reason}', zh: '无效的对象路径' },
  'storage.object.invalidPart': {
    en: '{reason}',
    zh: '分片列表与已上传的分片不一致：缺少分片、ETag 不符，或非最后一个分片小于 5 MiB',
  },
  'storage.object.badDigest': { en: '{reason}', zh: '上传的内容与声明的长度或校验值不一致' },
  'storage.object.invalidRange': { en: '{reason}', zh: '请求的字节范围无效或超出文件大小' },
  'storage.object.folderExists': { en: 'A folder with that name already exists', zh: '已存在同名文件夹' },
  'storage.object.backendFailed': { en: 'The storage backend failed', zh: '存储服务出错' },
  'storage.object.noSpace': {
    en: 'The storage is full: the file was not saved',
    zh: '存储空间已满，文件未保存',
  },
  'storage.object.unreachable': {
    en: 'The storage "{name}" cannot be reached; try again later',
    zh: '无法连接存储“{name}”，请稍后再试',
  },
} as const satisfies Area<'storage.config' | 'storage.object'>;

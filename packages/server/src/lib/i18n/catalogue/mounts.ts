import type { Area } from './area.js';

/** Mount points: management answers and the refusals of spec §8 "Mount". */
export const MOUNT_MESSAGES = {
  'mounts.created': { en: 'Mount created', zh: '挂载点创建成功' },
  'mounts.updated': { en: 'Mount updated', zh: '挂载点更新成功' },
  'mounts.deleted': { en: 'Mount deleted', zh: '挂载点删除成功' },
  // Spec §6 and §8: API-key users cannot create, delete, enable, disable or otherwise manage mounts.
  'mounts.keyForbidden': {
    en: 'API key users cannot create, modify, enable, disable or delete mounts',
    zh: 'API 密钥用户不能创建、修改、启用、禁用或删除挂载点',
  },
  'mounts.pathTaken': { en: 'A mount with this path already exists', zh: '已存在使用该路径的挂载点' },
  'mounts.configMissing': { en: 'The storage config does not exist', zh: '存储配置不存在' },
  'mounts.typeMismatch': {
    en: 'The storage type must be that of the storage config ({type})',
    zh: '存储类型必须与存储配置的类型一致（{type}）',
  },
} as const satisfies Area<'mounts'>;

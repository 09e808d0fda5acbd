import type { MountDto, StorageType, WebdavPolicy } from '@driftbox/contract';
import type { VfsMount } from '../../vfs/vfs-types.js';
import type { ActiveMountRow, MountRow } from './mounts.repository.js';

/** A mount on the wire: the original's snake_case fields, the columns whitelisted one by one. */
export function presentMount(row: MountRow): MountDto {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type as StorageType,
    storage_config_id: row.storage_config_id,
    mount_path: row.mount_path,
    remark: row.remark,
    is_active: row.is_active,
    created_by: row.created_by,
    sort_order: row.sort_order,
    cache_ttl: row.cache_ttl,
    web_proxy: row.web_proxy,
    webdav_policy: row.webdav_policy as WebdavPolicy,
    enable_sign: row.enable_sign,
    sign_expires: row.sign_expires,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_used: row.last_used,
  };
}

/** An active mount as the vfs resolves paths with it. */
export function toVfsMount(row: ActiveMountRow): VfsMount {
  return {
    id: row.id,
    path: row.mount_path,
    storageConfigId: row.storage_config_id,
    storageType: row.storage_type,
    keyUsable: row.key_usable === 1,
    cacheTtl: row.cache_ttl,
    webProxy: row.web_proxy === 1,
    enableSign: row.enable_sign === 1,
    signExpires: row.sign_expires,
    webdavPolicy: row.webdav_policy,
  };
}

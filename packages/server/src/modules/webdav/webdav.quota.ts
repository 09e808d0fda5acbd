import type { StorageConfig } from '../storage-configs/storage-configs.service.js';
import type { DiskSpace } from '../../storage/disk-space.js';
import { QUOTA_NAMES, type Described, type PropRequest, type Quota } from './webdav.props.js';
import type { Resource } from './webdav.resources.js';

export interface QuotaDeps {
  /** The file system holding a LOCAL config's folder (statfs). */
  localDiskSpace(configId: string): Promise<DiskSpace | null>;
  /** Bytes stored through a config: what its quota (`total_storage_bytes`) is counted against. */
  usedBytes(configId: string): Promise<number>;
}

/** Whether a PROPFIND names a quota property (allprop leaves them out unless it includes one). */
export function asksForQuota(request: PropRequest): boolean {
  if (request.kind === 'propname') return true;
  const names = request.kind === 'prop' ? request.names : request.include;
  return names.some((n) => QUOTA_NAMES.has(n));
}

/**
 * RFC 4331's quota of a mount's storage, where known. A config with a quota (`total_storage_bytes`): its
 * stored bytes as used, the rest as available (on LOCAL never more than the disk has free). A LOCAL config
 * without one: the disk's own figures (statfs of the config's folder). S3 without a quota: unknown (null).
 */
export function davQuota(deps: QuotaDeps) {
  return async (config: StorageConfig): Promise<Quota | null> => {
    const disk = config.storage_type === 'LOCAL' ? await deps.localDiskSpace(config.id) : null;
    const capacity = config.total_storage_bytes;
    if (capacity !== null) {
      const used = await deps.usedBytes(config.id);
      const left = Math.max(0, capacity - used);
      return { used, available: disk ? Math.min(left, disk.free) : left };
    }
    if (disk) return { used: Math.max(0, disk.total - disk.free), available: disk.free };
    return null;
  };
}

/**
 * Which members of a PROPFIND carry `quota`: the collection itself and the folders in it that are in the
 * same storage; never files, nor the mounts below it (another storage, not looked up here).
 */
export function quotaOfMembers(resource: Resource, quota: Quota | null) {
  const mounts = new Set(resource.kind === 'collection' ? resource.children.map((c) => c.path) : []);
  return (d: Pick<Described, 'path' | 'collection'>): Quota | null =>
    quota && d.collection && !mounts.has(d.path) ? quota : null;
}

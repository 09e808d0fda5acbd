import type { StorageBucketStatsDto } from '@driftbox/contract';
import type { DiskSpace } from '../../storage/disk-space.js';
import type { ConfigSummaryRow } from './dashboard.repository.js';
import type { ConfigFileStats } from './file-stats.port.js';

/**
 * One storage config's use against its quota, or for a LOCAL config without one against the size of its
 * file system (`disk`), so its bar means something; no total means 0 % rather than a division by zero.
 */
export function presentBucket(
  config: ConfigSummaryRow,
  usage: ConfigFileStats | undefined,
  disk: DiskSpace | null,
): StorageBucketStatsDto {
  const used = usage?.bytes ?? 0;
  const files = usage?.files ?? 0;
  const total = config.total_storage_bytes ?? disk?.total ?? null;
  return {
    id: config.id,
    name: config.name,
    providerType: config.provider_type,
    storageType: config.storage_type,
    usedStorage: used,
    totalStorage: total,
    fileCount: files,
    usagePercent: total ? Math.round((used / total) * 10_000) / 100 : 0,
    usage: { file_count: files, total_size: used },
    disk: disk ? { total: disk.total, free: disk.free } : null,
  };
}

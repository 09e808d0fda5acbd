import type { StorageBucketStatsDto } from '@driftbox/contract';
import type { ConfigSummaryRow } from './dashboard.repository.js';
import type { ConfigFileStats } from './file-stats.port.js';

/** One storage config's use against its quota; no quota means 0 % rather than a division by zero. */
export function presentBucket(config: ConfigSummaryRow, usage: ConfigFileStats | undefined): StorageBucketStatsDto {
  const used = usage?.bytes ?? 0;
  const files = usage?.files ?? 0;
  const total = config.total_storage_bytes;
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
  };
}

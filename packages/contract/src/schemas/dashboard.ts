import { z } from 'zod';

/** Days of activity the dashboard chart shows: six past UTC days and today. */
export const DASHBOARD_DAYS = 7;

/** One storage config on the dashboard: what it holds against its quota. */
export const StorageBucketStatsDto = z.object({
  id: z.string(),
  name: z.string(),
  providerType: z.string(),
  storageType: z.string(),
  /** Bytes of file shares kept in this config. */
  usedStorage: z.number(),
  /**
   * The quota in bytes; a LOCAL config without one reports its file system's size (`disk.total`); null =
   * no limit known.
   */
  totalStorage: z.number().nullable(),
  fileCount: z.number(),
  /** usedStorage / totalStorage in percent (two decimals); 0 when totalStorage is null. */
  usagePercent: z.number(),
  /** LOCAL: the file system its folder is on (statfs), in bytes (`free`: what Driftbox may still write); S3: null. */
  disk: z.object({ total: z.number(), free: z.number() }).nullable(),
  /** The same figures under the original's names. */
  usage: z.object({ file_count: z.number(), total_size: z.number() }),
});
export type StorageBucketStatsDto = z.infer<typeof StorageBucketStatsDto>;

/**
 * `data` of `GET /api/admin/dashboard/stats` (notes §3.9). `lastWeek*` hold DASHBOARD_DAYS daily counts
 * of created shares, oldest first, the last one today (UTC days).
 */
export const DashboardStatsDto = z.object({
  totalPastes: z.number(),
  totalFiles: z.number(),
  totalApiKeys: z.number(),
  /** Every storage config (LOCAL and S3), as the original counted its S3 configs. */
  totalS3Configs: z.number(),
  /** Bytes of all file shares. */
  totalStorageUsed: z.number(),
  s3Buckets: z.array(StorageBucketStatsDto),
  lastWeekPastes: z.array(z.number()).length(DASHBOARD_DAYS),
  lastWeekFiles: z.array(z.number()).length(DASHBOARD_DAYS),
});
export type DashboardStatsDto = z.infer<typeof DashboardStatsDto>;

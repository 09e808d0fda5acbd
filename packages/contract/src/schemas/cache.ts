import { z } from 'zod';

const Id = z.string().trim().min(1).max(128);

/**
 * `POST /api/admin/cache/clear` and `POST /api/user/cache/clear`: one mount, the mounts of one storage
 * config, or (neither given) everything the caller may clear. At most one of the two.
 */
export const CacheClearBody = z
  .object({ mountId: Id.optional(), s3ConfigId: Id.optional() })
  .refine((b) => b.mountId === undefined || b.s3ConfigId === undefined, {
    message: 'Give mountId or s3ConfigId, not both',
    path: ['s3ConfigId'],
  });
export type CacheClearBody = z.input<typeof CacheClearBody>;

/** `data` of a cache clear: how many entries were dropped. */
export const CacheClearResultDto = z.object({ clearedCount: z.number(), timestamp: z.string() });
export type CacheClearResultDto = z.infer<typeof CacheClearResultDto>;

/** Process memory in MB (two decimals) and the heap's fill in percent. */
export const MemoryStatsDto = z.object({
  rss: z.number(),
  heapTotal: z.number(),
  heapUsed: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
  heapUsagePercent: z.number(),
});
export type MemoryStatsDto = z.infer<typeof MemoryStatsDto>;

/** `data` of `GET /api/admin/cache/stats`: entries per named cache, memory, uptime in seconds. */
export const CacheStatsDto = z.object({
  cache: z.record(z.string(), z.number()),
  system: z.object({ memory: MemoryStatsDto, uptime: z.number() }),
  timestamp: z.string(),
});
export type CacheStatsDto = z.infer<typeof CacheStatsDto>;

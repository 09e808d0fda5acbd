import {
  Permission,
  type CacheClearBody,
  type CacheClearResultDto,
  type CacheStatsDto,
  type MemoryStatsDto,
} from '@driftbox/contract';
import type { z } from 'zod';
import type { Actor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertAdmin, assertPermission } from '../../lib/auth/authz.js';
import type { CacheRegistry, CacheScope } from '../../lib/cache/cache-registry.js';
import { iso, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';

type ClearInput = z.output<typeof CacheClearBody>;

/** A mount an API key may see, with the storage config it lives on. */
export interface VisibleMount {
  id: string;
  storageConfigId: string;
}

/**
 * Which mounts a key may see (the vfs's `canSeeMount`), as a port: the mounts service implements it.
 * A key that sees none drops nothing with its cache clears — never anything global.
 */
export interface MountVisibilityPort {
  visibleMounts(actor: ApiKeyActor): Promise<VisibleMount[]>;
}

/** A port with no mounts (service tests). */
export const NO_MOUNTS: MountVisibilityPort = { visibleMounts: async () => [] };

export interface CacheDeps {
  caches: CacheRegistry;
  clock: Clock;
  mounts: MountVisibilityPort;
  /** Process memory; injectable so tests can pin it. */
  memory?: () => NodeJS.MemoryUsage;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** The scope an admin asks for: one mount, one storage config, or everything. */
function adminScope(body: ClearInput): CacheScope {
  if (body.mountId !== undefined) return { kind: 'mounts', mountIds: [body.mountId] };
  if (body.s3ConfigId !== undefined) return { kind: 'storage-config', storageConfigId: body.s3ConfigId };
  return { kind: 'all' };
}

/** Clearing and inspecting the in-process caches (admin), and the limited clear for API keys. */
export function createCacheService({ caches, clock, mounts, memory = () => process.memoryUsage() }: CacheDeps) {
  const startedAt = clock.now();

  /**
   * A key clears only the mounts it may see: the one named (404 when not visible, as for any resource
   * the caller cannot see), those on the named storage config, or all of its own. The original let
   * any MOUNT_VIEW key flush every cache of the server (notes §7.12).
   */
  async function keyScope(actor: ApiKeyActor, body: ClearInput): Promise<string[]> {
    const visible = await mounts.visibleMounts(actor);
    if (body.mountId !== undefined) {
      if (!visible.some((m) => m.id === body.mountId)) throw notFound('mount');
      return [body.mountId];
    }
    const chosen =
      body.s3ConfigId === undefined ? visible : visible.filter((m) => m.storageConfigId === body.s3ConfigId);
    return chosen.map((m) => m.id);
  }

  return {
    /** Admin: any scope. API key with MOUNT_VIEW: only what it may see. */
    async clear(actor: Actor, body: ClearInput): Promise<CacheClearResultDto> {
      assertPermission(actor, Permission.MOUNT_VIEW);
      let clearedCount = 0;
      if (actor.type === 'admin') clearedCount = await caches.invalidate(adminScope(body));
      else {
        const mountIds = await keyScope(actor, body);
        if (mountIds.length > 0) clearedCount = await caches.invalidate({ kind: 'mounts', mountIds });
      }
      return { clearedCount, timestamp: iso(clock.now()) };
    },

    /** Entries per cache, process memory in MB and uptime in seconds. */
    stats(actor: Actor): CacheStatsDto {
      assertAdmin(actor);
      const m = memory();
      const heapUsagePercent = m.heapTotal > 0 ? Math.round((m.heapUsed / m.heapTotal) * 10_000) / 100 : 0;
      const memoryStats: MemoryStatsDto = {
        rss: mb(m.rss),
        heapTotal: mb(m.heapTotal),
        heapUsed: mb(m.heapUsed),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
        heapUsagePercent,
      };
      const now = clock.now();
      const uptime = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
      return { cache: caches.sizes(), system: { memory: memoryStats, uptime }, timestamp: iso(now) };
    },
  };
}
export type CacheService = ReturnType<typeof createCacheService>;

import { DASHBOARD_DAYS, type DashboardStatsDto } from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../lib/auth/actor.js';
import { assertAdmin } from '../../lib/auth/authz.js';
import type { Clock } from '../../lib/clock.js';
import { presentBucket } from './dashboard.presenter.js';
import { dashboardRepository } from './dashboard.repository.js';
import type { StoreFactory } from '../../storage/stores.js';
import type { FileStatsPort } from './file-stats.port.js';

export interface DashboardDeps {
  db: Kysely<Database>;
  clock: Clock;
  files: FileStatsPort;
  /** The file system of LOCAL configs (statfs), for their capacity. */
  stores: Pick<StoreFactory, 'localDiskSpace'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `count` UTC days up to and including the day of `now`, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The admin dashboard (notes §4.12): totals, storage use per config, and a week of activity. */
export function createDashboardService({ db, clock, files, stores }: DashboardDeps) {
  const repo = dashboardRepository(db);

  return {
    /** Every figure of the dashboard; the 7-day series end today by the injected clock. */
    async stats(actor: Actor): Promise<DashboardStatsDto> {
      assertAdmin(actor);
      const days = lastDays(clock.now(), DASHBOARD_DAYS);
      const since = `${days[0]}T00:00:00.000Z`;
      const [counts, configs, pasteDays, fileTotals, fileDays] = await Promise.all([
        repo.counts(),
        repo.storageConfigs(),
        repo.pastesPerDay(since),
        files.totals(),
        files.createdPerDay(since),
      ]);
      const disks = await Promise.all(
        configs.map((config) => (config.storage_type === 'LOCAL' ? stores.localDiskSpace(config.id) : null)),
      );
      return {
        totalPastes: counts.pastes,
        totalFiles: fileTotals.files,
        totalApiKeys: counts.apiKeys,
        totalS3Configs: counts.storageConfigs,
        totalStorageUsed: fileTotals.bytes,
        s3Buckets: configs.map((config, i) =>
          presentBucket(config, fileTotals.byConfig.get(config.id), disks[i] ?? null),
        ),
        lastWeekPastes: days.map((day) => pasteDays.get(day) ?? 0),
        lastWeekFiles: days.map((day) => fileDays.get(day) ?? 0),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

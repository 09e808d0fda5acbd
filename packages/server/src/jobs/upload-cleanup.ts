import type { Logger } from '../lib/logger.js';
import { startPeriodic, type PeriodicJob } from './periodic.js';

/** How often abandoned uploads and dead file shares are cleaned up. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 5 * 60 * 1000;

export interface UploadCleanupDeps {
  files: {
    /** Pending uploads without activity for an hour: parts, objects, rows. */
    purgeAbandoned(): Promise<number>;
    /** Expired and used-up shares with their objects. */
    purgeDead(): Promise<number>;
    /** Objects of deleted shares, deleted again once their upload URLs have expired. */
    purgeReuploads(): Promise<number>;
    /** Temp files and multipart uploads a crash left in LOCAL stores. */
    sweepLeftovers(): Promise<number>;
  };
  urlFetches: {
    /** Jobs of dead instances marked failed; old ended jobs forgotten. */
    sweep(): Promise<number>;
  };
  /** Browser uploads into mounts abandoned, and staging keys of committed ones whose URL expired. */
  fsUploads?: { sweep(): Promise<number> };
  logger: Logger;
  intervalMs?: number;
  /** Whether this instance does this period's pass (instances sharing a database: one of them). */
  claim?: (intervalMs: number) => Promise<boolean>;
}

/** A running cleanup; `runOnce` resolves with what it removed. */
export type UploadCleanupJob = PeriodicJob<{
  abandoned: number;
  dead: number;
  reuploads: number;
  leftovers: number;
  jobs: number;
  fsUploads: number;
}>;

/**
 * Cleans up after uploads in the background: presigned and multipart uploads abandoned by their
 * browser (objects and rows), shares that expired or used up their views (the original never deleted
 * expired files), and URL-fetch progress rows. Each step is idempotent and works on rows, so several
 * instances may run it at once; a failing step is logged and the others still run.
 */
export function startUploadCleanup(deps: UploadCleanupDeps): UploadCleanupJob {
  const step = async (name: string, fn: () => Promise<number>): Promise<number> => {
    try {
      return await fn();
    } catch (err) {
      deps.logger.error(`Upload cleanup failed: ${name}`, { error: err instanceof Error ? err.message : String(err) });
      return 0;
    }
  };

  const pass = async () => {
    const result = {
      abandoned: await step('abandoned uploads', () => deps.files.purgeAbandoned()),
      dead: await step('expired shares', () => deps.files.purgeDead()),
      reuploads: await step('objects of deleted shares', () => deps.files.purgeReuploads()),
      leftovers: await step('leftovers of interrupted writes', () => deps.files.sweepLeftovers()),
      jobs: await step('URL fetch jobs', () => deps.urlFetches.sweep()),
      fsUploads: await step('mount uploads', async () => (deps.fsUploads ? deps.fsUploads.sweep() : 0)),
    };
    if (result.abandoned + result.dead > 0)
      deps.logger.info('Cleaned up file shares', { abandoned: result.abandoned, dead: result.dead });
    if (result.leftovers > 0)
      deps.logger.info('Removed what interrupted writes left in local storage', { leftovers: result.leftovers });
    return result;
  };

  const intervalMs = deps.intervalMs ?? UPLOAD_CLEANUP_INTERVAL_MS;
  return startPeriodic(pass, intervalMs, deps.claim && (() => deps.claim!(intervalMs)));
}

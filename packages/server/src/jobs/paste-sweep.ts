import type { Logger } from '../lib/logger.js';
import { startPeriodic, type PeriodicJob } from './periodic.js';

/** How often expired and used-up pastes are purged. */
export const PASTE_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface PasteSweepDeps {
  pastes: { sweep(): Promise<number> };
  logger: Logger;
  intervalMs?: number;
  /** Whether this instance does this period's pass (instances sharing a database: one of them). */
  claim?: (intervalMs: number) => Promise<boolean>;
}

/** A running sweep; `runOnce` resolves with how many pastes were purged. */
export type PasteSweepJob = PeriodicJob<number>;

/**
 * Purges expired and used-up pastes in the background: reads answer 410 for them and leave the rows
 * here (the original deleted inside the read). The DELETE is idempotent, so several instances may
 * sweep at once without harm.
 */
export function startPasteSweep(deps: PasteSweepDeps): PasteSweepJob {
  const pass = () =>
    deps.pastes
      .sweep()
      .then((purged) => {
        if (purged > 0) deps.logger.info('Purged expired and used-up pastes', { purged });
        return purged;
      })
      .catch((err: unknown) => {
        deps.logger.error('Paste sweep failed', { error: err instanceof Error ? err.message : String(err) });
        return 0;
      });
  const intervalMs = deps.intervalMs ?? PASTE_SWEEP_INTERVAL_MS;
  return startPeriodic(pass, intervalMs, deps.claim && (() => deps.claim!(intervalMs)));
}

import type { Logger } from '../lib/logger.js';

/** How often expired and used-up pastes are purged. */
export const PASTE_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface PasteSweepDeps {
  pastes: { sweep(): Promise<number> };
  logger: Logger;
  intervalMs?: number;
}

/** A running sweep; `stop()` clears the timer and waits for a pass in progress. */
export interface PasteSweepJob {
  /** Runs one pass now (also what the timer does); resolves with how many pastes were purged. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Purges expired and used-up pastes in the background: reads answer 410 for them and leave the rows
 * here (the original deleted inside the read). The DELETE is idempotent, so several instances may
 * sweep at once without harm. The timer is unref'd: it never keeps the process alive on shutdown.
 */
export function startPasteSweep(deps: PasteSweepDeps): PasteSweepJob {
  let running: Promise<number> | null = null;

  const runOnce = (): Promise<number> => {
    // Never overlap passes on a slow database.
    running ??= deps.pastes
      .sweep()
      .then((purged) => {
        if (purged > 0) deps.logger.info('Purged expired and used-up pastes', { purged });
        return purged;
      })
      .catch((err: unknown) => {
        deps.logger.error('Paste sweep failed', { error: err instanceof Error ? err.message : String(err) });
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void runOnce(), deps.intervalMs ?? PASTE_SWEEP_INTERVAL_MS);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      if (running) await running;
    },
  };
}

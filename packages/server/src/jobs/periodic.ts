/** A background job on a timer; `stop()` clears the timer and waits for a pass in progress. */
export interface PeriodicJob<T> {
  /** Runs one pass now (also what the timer does); a call during a pass joins that pass. */
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and every `intervalMs`, never two passes at once (a slow database or storage backend
 * would otherwise pile them up). The timer is unref'd: it never keeps the process alive on shutdown.
 * With `claim` (jobs/periodic-claim.ts), a timed pass runs only when this instance wins the period, so
 * instances sharing a database do the work once per period; `runOnce()` always runs.
 */
export function startPeriodic<T>(
  pass: () => Promise<T>,
  intervalMs: number,
  claim?: () => Promise<boolean>,
): PeriodicJob<T> {
  let running: Promise<T> | null = null;
  const runOnce = (): Promise<T> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = async () => {
    if (running) return;
    if (!claim || (await claim())) await runOnce();
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      if (running) await running;
    },
  };
}

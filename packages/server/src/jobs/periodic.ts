/** A background job on a timer; `stop()` clears the timer and waits for a pass in progress. */
export interface PeriodicJob<T> {
  /** Runs one pass now (also what the timer does); a call during a pass joins that pass. */
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and every `intervalMs`, never two passes at once (a slow database or storage backend
 * would otherwise pile them up). The timer is unref'd: it never keeps the process alive on shutdown.
 */
export function startPeriodic<T>(pass: () => Promise<T>, intervalMs: number): PeriodicJob<T> {
  let running: Promise<T> | null = null;
  const runOnce = (): Promise<T> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void runOnce(), intervalMs);
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

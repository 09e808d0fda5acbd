import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../lib/logger.js';
import { PASTE_SWEEP_INTERVAL_MS, startPasteSweep } from './paste-sweep.js';

describe('paste sweep job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps at start and on every interval until stopped, logging what it purged', async () => {
    vi.useFakeTimers();
    const logger = memoryLogger();
    const sweep = vi.fn().mockResolvedValue(3);
    const job = startPasteSweep({ pastes: { sweep }, logger });
    await vi.advanceTimersByTimeAsync(0);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PASTE_SWEEP_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(logger.entries[0]).toMatchObject({ level: 'info', fields: { purged: 3 } });
    await job.stop();
    await vi.advanceTimersByTimeAsync(5 * PASTE_SWEEP_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('logs a failed pass and keeps going; passes never overlap', async () => {
    vi.useFakeTimers();
    const logger = memoryLogger();
    let release: (n: number) => void = () => {};
    const sweep = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockImplementation(() => new Promise<number>((resolve) => (release = resolve)));
    const job = startPasteSweep({ pastes: { sweep }, logger, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.entries).toEqual([
      { level: 'error', message: 'Paste sweep failed', fields: { error: 'database down' } },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweep).toHaveBeenCalledTimes(2);
    const stopped = job.stop();
    release(0);
    await stopped;
  });
});

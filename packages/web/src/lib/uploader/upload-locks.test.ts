import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALIVE_STORAGE_KEY, holdWhileRunning, runningUploads } from './upload-locks';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  localStorage.clear();
});

describe('upload locks', () => {
  it('hold a lock named after the file until its upload settles, failed or not', async () => {
    let released: Promise<unknown> | undefined;
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
      released = callback();
      return released;
    });
    Object.defineProperty(navigator, 'locks', { value: { request, query: vi.fn() }, configurable: true });
    let fail = (_error: Error) => {};
    const running = new Promise((_resolve, reject) => {
      fail = reject;
    });
    void running.catch(() => undefined);
    holdWhileRunning('a.bin|10|1', running);
    expect(request).toHaveBeenCalledWith('driftbox-upload:a.bin|10|1', expect.any(Function));
    let settled = false;
    void released?.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    fail(new Error('network'));
    await expect(released).resolves.toBeUndefined();
  });

  it('without Web Locks (plain http), a heartbeat says so instead, lapsing a while after the last beat', async () => {
    vi.useFakeTimers();
    try {
      let finish = () => {};
      const running = new Promise<void>((resolve) => {
        finish = resolve;
      });
      holdWhileRunning('a.bin|10|1', running);
      expect(await runningUploads()).toEqual(new Set(['a.bin|10|1']));
      // A closed tab stops beating: its upload is taken as running for a while, then not.
      expect(await runningUploads(Date.now() + 60_000)).toEqual(new Set(['a.bin|10|1']));
      expect(await runningUploads(Date.now() + 120_000)).toEqual(new Set());
      // A live one keeps beating.
      vi.advanceTimersByTime(60_000);
      expect(await runningUploads(Date.now() + 60_000)).toEqual(new Set(['a.bin|10|1']));
      // Leaving the page stops the upload: its beat goes at once.
      window.dispatchEvent(new Event('pagehide'));
      expect(await runningUploads()).toEqual(new Set());
      vi.advanceTimersByTime(5_000);
      finish();
      await vi.runAllTimersAsync();
      expect(await runningUploads()).toEqual(new Set());
      expect(JSON.parse(localStorage.getItem(ALIVE_STORAGE_KEY) ?? '{}')).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });

  it('name the uploads running in any tab', async () => {
    expect(await runningUploads()).toEqual(new Set());
    const query = vi.fn(async () => ({ held: [{ name: 'driftbox-upload:a.bin|10|1' }, { name: 'something-else' }], pending: [{ name: 'driftbox-upload:b.bin|20|2' }] }));
    Object.defineProperty(navigator, 'locks', { value: { request: vi.fn(), query }, configurable: true });
    expect(await runningUploads()).toEqual(new Set(['a.bin|10|1', 'b.bin|20|2']));
  });
});

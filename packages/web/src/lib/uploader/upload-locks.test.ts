import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALIVE_STORAGE_KEY, claimUpload, runningUploads } from './upload-locks';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  localStorage.clear();
});

/** A stand-in for the browser's LockManager: one holder per name, `ifAvailable` answered with null when held. */
function fakeLocks() {
  const held = new Set<string>();
  const request = vi.fn(
    async (
      name: string,
      options: { ifAvailable?: boolean },
      callback: (lock: { name: string } | null) => Promise<unknown> | undefined,
    ) => {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  );
  const query = vi.fn(async () => ({ held: [...held].map((name) => ({ name })), pending: [] }));
  Object.defineProperty(navigator, 'locks', { value: { request, query }, configurable: true });
  return { held, request };
}

describe('upload claims', () => {
  it('take the Web Lock named after the file until released; another tab is refused meanwhile', async () => {
    const locks = fakeLocks();
    const first = await claimUpload('a.bin|10|1');
    expect(first.taken).toBe(true);
    expect(locks.request).toHaveBeenCalledWith(
      'driftbox-upload:a.bin|10|1',
      { ifAvailable: true },
      expect.any(Function),
    );
    expect(await runningUploads()).toEqual(new Set(['a.bin|10|1']));
    expect((await claimUpload('a.bin|10|1')).taken).toBe(false);
    expect((await claimUpload('b.bin|20|2')).taken).toBe(true);
    first.release();
    await vi.waitFor(() => expect(locks.held.has('driftbox-upload:a.bin|10|1')).toBe(false));
    expect((await claimUpload('a.bin|10|1')).taken).toBe(true);
  });

  it('without Web Locks (plain http), beat instead: never refused, lapsing a while after the last beat, gone with the page', async () => {
    vi.useFakeTimers();
    try {
      const claim = await claimUpload('a.bin|10|1');
      expect(claim.taken).toBe(true);
      expect(await runningUploads()).toEqual(new Set(['a.bin|10|1']));
      // A closed tab stops beating: its upload is taken as running for a while, then not.
      expect(await runningUploads(Date.now() + 60_000)).toEqual(new Set(['a.bin|10|1']));
      expect(await runningUploads(Date.now() + 120_000)).toEqual(new Set());
      // A live one keeps beating.
      vi.advanceTimersByTime(60_000);
      expect(await runningUploads(Date.now() + 60_000)).toEqual(new Set(['a.bin|10|1']));
      // Leaving the page stops the upload: its beat goes at once, so the next page may resume it.
      window.dispatchEvent(new Event('pagehide'));
      expect(await runningUploads()).toEqual(new Set());
      const next = await claimUpload('a.bin|10|1');
      expect(next.taken).toBe(true);
      claim.release();
      next.release();
      expect(await runningUploads()).toEqual(new Set());
    } finally {
      vi.useRealTimers();
    }
  });

  it('name the uploads running in any tab, held or waiting', async () => {
    expect(await runningUploads()).toEqual(new Set());
    const query = vi.fn(async () => ({
      held: [{ name: 'driftbox-upload:a.bin|10|1' }, { name: 'something-else' }],
      pending: [{ name: 'driftbox-upload:b.bin|20|2' }],
    }));
    Object.defineProperty(navigator, 'locks', { value: { request: vi.fn(), query }, configurable: true });
    expect(await runningUploads()).toEqual(new Set(['a.bin|10|1', 'b.bin|20|2']));
    expect(JSON.parse(localStorage.getItem(ALIVE_STORAGE_KEY) ?? '{}')).toEqual({});
  });
});

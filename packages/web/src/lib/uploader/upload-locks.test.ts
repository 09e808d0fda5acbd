import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdWhileRunning, runningUploads } from './upload-locks';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
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

  it('name the uploads running in any tab; none without Web Locks', async () => {
    expect(await runningUploads()).toEqual(new Set());
    const query = vi.fn(async () => ({ held: [{ name: 'driftbox-upload:a.bin|10|1' }, { name: 'something-else' }], pending: [{ name: 'driftbox-upload:b.bin|20|2' }] }));
    Object.defineProperty(navigator, 'locks', { value: { request: vi.fn(), query }, configurable: true });
    expect(await runningUploads()).toEqual(new Set(['a.bin|10|1', 'b.bin|20|2']));
    // Without Web Locks the upload runs all the same.
    Reflect.deleteProperty(navigator, 'locks');
    expect(() => holdWhileRunning('x', Promise.resolve())).not.toThrow();
  });
});

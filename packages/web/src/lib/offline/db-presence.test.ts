import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';

describe('whenOfflineDbExists', () => {
  it('waits on a first visit until the page opens the database, then runs once', async () => {
    vi.resetModules();
    vi.spyOn(indexedDB, 'databases').mockResolvedValue([]);
    const { whenOfflineDbExists, noteOfflineDbOpened } = await import('./db-presence');
    const task = vi.fn();
    whenOfflineDbExists(task);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(task).not.toHaveBeenCalled();
    noteOfflineDbOpened();
    noteOfflineDbOpened();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once where the database exists, and not after a cancel', async () => {
    vi.resetModules();
    vi.spyOn(indexedDB, 'databases').mockResolvedValue([{ name: 'DriftboxOfflineDB', version: 105 }]);
    const { whenOfflineDbExists } = await import('./db-presence');
    const task = vi.fn();
    const cancelled = vi.fn();
    whenOfflineDbExists(task);
    whenOfflineDbExists(cancelled)();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    expect(cancelled).not.toHaveBeenCalled();
  });
});

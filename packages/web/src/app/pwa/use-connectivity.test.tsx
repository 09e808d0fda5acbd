import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayResult, SyncCompletedMessage } from '../../lib/offline/queue-types';
import { renderWithApp } from '../../test/render';
import { countReloads, FakeServiceWorkerContainer, FakeWorker, installServiceWorker } from '../../test/service-worker';

/** Spec §4: an admin or management page reloads 1 s after a sync in which a paste operation succeeded. */
const RELOAD_DELAY_MS = 1000;

/** Spec §9: the offline and back-online toasts hide after 3 s. */
const TOAST_MS = 3000;

function synced(results: Array<Omit<ReplayResult, 'id'>>, pasteOperationSucceeded: boolean) {
  const message: SyncCompletedMessage = {
    type: 'PWA_SYNC_COMPLETED',
    results: results.map((result, index) => ({ id: index + 1, ...result })),
    pasteOperationSucceeded,
  };
  return message;
}

/** The worker's message to this page (Background Sync), or an in-page replay's event. */
function fromWorker(browser: FakeServiceWorkerContainer, message: SyncCompletedMessage) {
  act(() => void browser.dispatchEvent(new MessageEvent('message', { data: message })));
}
function fromPage(message: SyncCompletedMessage) {
  act(() => void window.dispatchEvent(new CustomEvent('PWA_SYNC_COMPLETED', { detail: message })));
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The app on a page at `path` (the window's address, which is what the reload rule reads). */
function openAt(path: string) {
  cleanup();
  window.history.replaceState(null, '', path);
  const browser = installServiceWorker(new FakeServiceWorkerContainer().controlledBy(new FakeWorker()));
  const reloads = countReloads();
  renderWithApp(<div />, { route: path });
  return { browser, reloads };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('after a sync', () => {
  it('an admin page reloads once, 1 s after a sync in which a paste operation succeeded', async () => {
    const { browser, reloads } = openAt('/admin/text-management');
    fromWorker(browser, synced([{ type: 'createPaste', ok: true }], true));
    // The toaster is a lazy chunk loaded on the first toast (issue 30): its import takes real time, not the clock's.
    await act(() => vi.dynamicImportSettled());
    await tick(RELOAD_DELAY_MS - 1);
    expect(screen.getByText('1 offline change synced')).toBeInTheDocument();
    expect(reloads.count).toBe(0);
    // A second sync within that second (the page's own replay, say) does not add a reload.
    fromPage(synced([{ type: 'batchDeletePastes', ok: true }], true));
    await tick(1);
    expect(reloads.count).toBe(1);
    await tick(5 * RELOAD_DELAY_MS);
    expect(reloads.count).toBe(1);
  });

  it("a management page (an API key user's file management) reloads too", async () => {
    const { reloads } = openAt('/admin/file-management');
    fromPage(synced([{ type: 'updatePaste', ok: true }], true));
    await tick(RELOAD_DELAY_MS);
    expect(reloads.count).toBe(1);
  });

  it('an admin page does not reload after a sync without a successful paste operation', async () => {
    const { browser, reloads } = openAt('/admin/dashboard');
    fromWorker(browser, synced([{ type: 'clearCache', ok: true }], false));
    fromPage(synced([{ type: 'createPaste', ok: false }], false));
    await tick(5 * RELOAD_DELAY_MS);
    expect(reloads.count).toBe(0);
  });

  it('other pages do not reload after any sync', async () => {
    for (const path of ['/', '/upload', '/paste/train', '/mount-explorer']) {
      const { browser, reloads } = openAt(path);
      fromWorker(browser, synced([{ type: 'createPaste', ok: true }], true));
      await tick(5 * RELOAD_DELAY_MS);
      expect(reloads.count, path).toBe(0);
    }
  });

  it('a write refused for good is told with its reason; one that will retry is not', async () => {
    openAt('/');
    fromPage(
      synced(
        [
          { type: 'createPaste', ok: false, error: { status: 409, code: 'SLUG_TAKEN', message: 'taken' } },
          {
            type: 'updatePaste',
            ok: false,
            willRetry: true,
            error: { status: 503, code: 'DOWN', message: 'down a bit' },
          },
        ],
        false,
      ),
    );
    await tick(0);
    expect(
      screen.getByText('An offline change could not be synced: That link suffix is taken. Enter another and retry.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/down a bit/)).toBeNull();
  });
});

describe('the connection', () => {
  it('going offline and coming back each show a toast for 3 s', async () => {
    openAt('/');
    const wentOffline = /You are offline\. Changes you make are saved on this device/;
    act(() => void window.dispatchEvent(new Event('offline')));
    await tick(TOAST_MS - 100);
    expect(screen.getByText(wentOffline)).toBeInTheDocument();
    await tick(1000);
    expect(screen.queryByText(wentOffline)).toBeNull();

    act(() => void window.dispatchEvent(new Event('online')));
    await tick(TOAST_MS - 100);
    expect(screen.getByText('Back online')).toBeInTheDocument();
    await tick(1000);
    expect(screen.queryByText('Back online')).toBeNull();
  });
});

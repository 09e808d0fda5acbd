/**
 * Registers the service worker after the page's `load` event, so it never competes with the first paint,
 * and drives the update prompt: a new worker that waits sets `updateWaiting`; `acceptUpdate` tells it to
 * take over and reloads 1 s after it does (spec §2), once: a reload happens only after the user accepted
 * in this page, never on the first install's takeover, so there is no reload loop. If another tab's
 * "Reload" already put the new worker in charge, nothing waits any more: accepting reloads 1 s later.
 */
import type { Workbox } from 'workbox-window';
import { setPwaState } from './pwa-store';

export const RELOAD_DELAY_MS = 1000;
/** How often an open app asks the server for a new worker. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let registration: ServiceWorkerRegistration | undefined;
let accepted = false;
let reloading = false;

function reloadSoon(): void {
  if (reloading) return;
  reloading = true;
  window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}

async function start(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  workbox = wb;
  wb.addEventListener('installing', () => setPwaState({ workerState: 'installing' }));
  wb.addEventListener('waiting', () => setPwaState({ updateWaiting: true, workerState: 'waiting' }));
  wb.addEventListener('activated', () => setPwaState({ workerState: 'active' }));
  wb.addEventListener('controlling', () => {
    if (accepted) reloadSoon();
  });
  // The first visit loaded its files before the worker was in charge: hand it the list to keep.
  wb.addEventListener('controlling', () => warmCache());
  try {
    registration = await wb.register();
    if (registration?.active && !navigator.serviceWorker.controller) warmCache();
    if (registration?.active && !registration.waiting) setPwaState({ workerState: 'active' });
    window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  } catch {
    setPwaState({ workerState: 'failed' });
  }
}

/** Tells the active worker which files (and which page) this page loaded, so they work offline next time. */
function warmCache(): void {
  const assets = performance.getEntriesByType('resource').map((entry) => entry.name);
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'WARM_CACHE', assets, page: window.location.href }),
  );
}

export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

/** The update prompt's "reload": the waiting worker takes over, the page reloads a second later. */
export function acceptUpdate(): void {
  accepted = true;
  setPwaState({ updateWaiting: false });
  if (registration?.waiting) workbox?.messageSkipWaiting();
  else reloadSoon();
}

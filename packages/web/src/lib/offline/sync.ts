/**
 * Starting a replay from the page (spec §4, §7): Background Sync where the browser has it (the worker
 * replays even after the tab closed), and on the `online` event an in-page replay for browsers without
 * it, or when the worker has not answered within the sync status timeout (5 s, spec §9). Results reach
 * the app through `subscribeSyncResults` (sync-events.ts) whichever side replayed.
 */
import { offlineDb } from './db';
import { replayQueueLocked } from './replay';
import { SYNC_COMPLETED, SYNC_TAG, syncCompletedMessage, type SyncCompletedMessage } from './queue-types';

export { subscribeSyncResults } from './sync-events';

export const SYNC_STATUS_TIMEOUT_MS = 5000;

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

async function workerRegistration(): Promise<SyncRegistration | null> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Asks the browser for a Background Sync; false when it has none (or no worker controls the page). */
export async function registerBackgroundSync(): Promise<boolean> {
  const registration = await workerRegistration().catch(() => null);
  if (!registration?.sync) return false;
  try {
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** Replays in this page and tells the app as the worker would. */
export async function replayInPage(): Promise<void> {
  const results = await replayQueueLocked(offlineDb());
  if (results.length === 0) return;
  const detail = syncCompletedMessage(results);
  window.dispatchEvent(new CustomEvent<SyncCompletedMessage>(SYNC_COMPLETED, { detail }));
}

async function hasPending(): Promise<boolean> {
  return (await offlineDb().offlineQueue.where('status').equals('pending').count()) > 0;
}

/** Back online, or asked by the user: sync now, by the worker if it can, else here. */
export async function syncNow(): Promise<void> {
  if (!(await hasPending())) return;
  if (await registerBackgroundSync()) {
    await new Promise((resolve) => setTimeout(resolve, SYNC_STATUS_TIMEOUT_MS));
    if (!(await hasPending())) return;
  }
  await replayInPage();
}

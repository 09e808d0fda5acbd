/**
 * The worker's half of the offline queue: Background Sync (`sync-offline-queue`) and a page's
 * `PWA_SYNC_NOW` message replay it; the results go to every page as `PWA_SYNC_COMPLETED` (spec §7, §8).
 */
import { offlineDb } from './db';
import { replayQueueLocked } from './replay';
import { SYNC_TAG, syncCompletedMessage } from './queue-types';

interface SyncEventLike extends ExtendableEvent {
  tag: string;
}

async function replayAndTell(scope: ServiceWorkerGlobalScope): Promise<boolean> {
  const results = await replayQueueLocked(offlineDb());
  if (results.length > 0) {
    const message = syncCompletedMessage(results);
    const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const page of pages) page.postMessage(message);
  }
  return results.some((result) => result.willRetry);
}

export function installSyncHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== SYNC_TAG) return;
    // A rejected sync is retried by the browser later: that is what a still-unreachable server needs.
    sync.waitUntil(
      replayAndTell(scope).then((again) => {
        if (again) throw new Error('offline queue: will retry');
      }),
    );
  });
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'PWA_SYNC_NOW') event.waitUntil(replayAndTell(scope));
  });
}

/**
 * Every sync's results (spec §8 PWA_SYNC_COMPLETED), from the worker's message or an in-page replay. No
 * database here: pages that only listen (the paste editor) do not load Dexie.
 */
import { SYNC_COMPLETED, type SyncCompletedMessage } from './queue-types';

export function subscribeSyncResults(listener: (message: SyncCompletedMessage) => void): () => void {
  const fromWorker = (event: MessageEvent) => {
    const data = event.data as SyncCompletedMessage | null;
    if (data?.type === SYNC_COMPLETED) listener(data);
  };
  const fromPage = (event: Event) => listener((event as CustomEvent<SyncCompletedMessage>).detail);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  window.addEventListener(SYNC_COMPLETED, fromPage);
  return () => {
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
    window.removeEventListener(SYNC_COMPLETED, fromPage);
  };
}

/** navigator.onLine as React state (the offline badge, the toasts, the stale notice). */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const online = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}

/** Whether the page shows answers put back from the offline copy (query-cache.ts); no database here. */
import { useSyncExternalStore } from 'react';

let restoredAt: number | null = null;
const listeners = new Set<() => void>();
export function setRestoredAt(value: number | null) {
  restoredAt = value;
  for (const listener of listeners) listener();
}

/** Back online: the restored answers are refetched, the notice goes. */
export function forgetRestored(): void {
  setRestoredAt(null);
}

/** When the oldest answer shown from the offline copy was saved, or null when none is shown. */
export function useRestoredAt(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => restoredAt,
    () => null,
  );
}

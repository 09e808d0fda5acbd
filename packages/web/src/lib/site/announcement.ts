import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../browser-storage';

/** localStorage key holding the fingerprint of the announcement the visitor closed. */
export const ANNOUNCEMENT_DISMISSED_KEY = 'site_announcement_dismissed';

/**
 * A short fingerprint of the announcement text (FNV-1a, 32 bit, hex). Dismissal is remembered per
 * text, so when the admin publishes a new announcement it shows again; no secrecy is needed here.
 */
export function announcementFingerprint(content: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < content.length; i += 1) {
    hash ^= content.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16).padStart(8, '0')}-${content.length.toString(36)}`;
}

// Other tabs dismiss through the `storage` event; this tab through the listeners below.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Whether the visitor closed this exact announcement, and a function that closes it for good. */
export function useAnnouncementDismissal(content: string): { dismissed: boolean; dismiss: () => void } {
  const fingerprint = announcementFingerprint(content);
  const stored = useSyncExternalStore(subscribe, () => readStorage(ANNOUNCEMENT_DISMISSED_KEY));
  const dismiss = useCallback(() => {
    writeStorage(ANNOUNCEMENT_DISMISSED_KEY, fingerprint);
    for (const listener of listeners) listener();
  }, [fingerprint]);
  return { dismissed: stored === fingerprint, dismiss };
}

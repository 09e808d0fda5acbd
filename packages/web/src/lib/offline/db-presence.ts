/**
 * Whether this browser has the offline database yet, without loading Dexie (issue 30). A first visit has none: no
 * queued change to watch or sync, no kept page to clean up, so Dexie (~28 KiB) is not loaded for it. The database
 * appears when something opens it (a kept answer, a sign-in, a queued write: `db.ts` reports it here), and
 * whatever waits for it starts then.
 */
export const OFFLINE_DB_NAME = 'DriftboxOfflineDB';

let opened = false;
const listeners = new Set<() => void>();

/** Called by `offlineDb()` when this page opens the database. */
export function noteOfflineDbOpened(): void {
  if (opened) return;
  opened = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

/**
 * Runs `task` once the offline database exists: at once when it does (or when the browser cannot say), else when
 * this page opens it. Returns a cancel.
 */
export function whenOfflineDbExists(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    listeners.delete(run);
    task();
  };
  if (opened) run();
  else if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') run();
  else {
    listeners.add(run);
    indexedDB.databases().then((list) => {
      if (list.some((db) => db.name === OFFLINE_DB_NAME)) run();
    }, run);
  }
  return () => {
    done = true;
    listeners.delete(run);
  };
}

import { readStorageJson, writeStorage } from '../storage';

/**
 * A running multipart upload says so to the other tabs of the browser, so they can tell an upload in
 * progress from one a closed page left (the "unfinished uploads" they offer to discard). Where the page
 * has Web Locks (secure contexts: https, localhost) it holds a lock named after its file, which goes
 * with the tab. Elsewhere (plain http on a LAN address) it writes a heartbeat to localStorage every few
 * seconds, taken as alive for a while after the last beat: a tab in the background may be woken only once
 * a minute, and a closed one leaves a beat that lapses.
 */
const PREFIX = 'driftbox-upload:';
export const ALIVE_STORAGE_KEY = 'driftbox_uploads_alive';
const BEAT_MS = 5_000;
const ALIVE_FOR_MS = 90_000;

function locks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
}

function beats(): Record<string, number> {
  const raw = readStorageJson(ALIVE_STORAGE_KEY);
  return raw && typeof raw === 'object' ? (raw as Record<string, number>) : {};
}

function writeBeat(fingerprint: string, at: number | null): void {
  const all = beats();
  if (at === null) delete all[fingerprint];
  else all[fingerprint] = at;
  writeStorage(ALIVE_STORAGE_KEY, JSON.stringify(all));
}

/** Says that the upload of `fingerprint` runs until `running` settles. */
export function holdWhileRunning(fingerprint: string, running: Promise<unknown>): void {
  const released = running.then(
    () => undefined,
    () => undefined,
  );
  const manager = locks();
  if (manager) {
    void manager.request(PREFIX + fingerprint, () => released).catch(() => undefined);
    return;
  }
  const beat = () => writeBeat(fingerprint, Date.now());
  // A page left or reloaded stops its uploads: its beat goes with it, so the next page can resume them.
  const stop = () => writeBeat(fingerprint, null);
  beat();
  const timer = setInterval(beat, BEAT_MS);
  window.addEventListener('pagehide', stop);
  void released.then(() => {
    clearInterval(timer);
    window.removeEventListener('pagehide', stop);
    stop();
  });
}

/** Fingerprints of the multipart uploads running now in any tab of this browser. */
export async function runningUploads(now = Date.now()): Promise<Set<string>> {
  const manager = locks();
  if (!manager) return new Set(Object.entries(beats()).flatMap(([fingerprint, at]) => (typeof at === 'number' && now - at < ALIVE_FOR_MS ? [fingerprint] : [])));
  try {
    const { held = [], pending = [] } = await manager.query();
    return new Set([...held, ...pending].flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name.slice(PREFIX.length)] : [])));
  } catch {
    return new Set();
  }
}

import { readStorageJson, writeStorage } from '../browser-storage';

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

/** A running upload's claim on its file; `release` when it ends. */
export interface UploadClaim {
  /** False when another tab runs the same file's upload (known with Web Locks only). */
  taken: boolean;
  release: () => void;
}

/** Beats for `fingerprint` until the returned stop is called, or the page is left. */
function heartbeat(fingerprint: string): () => void {
  const beat = () => writeBeat(fingerprint, Date.now());
  // A page left or reloaded stops its uploads: its beat goes with it, so the next page can resume them.
  const forget = () => writeBeat(fingerprint, null);
  beat();
  const timer = setInterval(beat, BEAT_MS);
  window.addEventListener('pagehide', forget);
  return () => {
    clearInterval(timer);
    window.removeEventListener('pagehide', forget);
    forget();
  };
}

/**
 * Claims the upload of `fingerprint` for this tab: its Web Lock, taken only if free, held until
 * `release`. Without Web Locks it beats instead and is never refused (the beat of a page just reloaded
 * may linger, and resuming after a reload must work).
 */
export async function claimUpload(fingerprint: string): Promise<UploadClaim> {
  const manager = locks();
  if (!manager) return { taken: true, release: heartbeat(fingerprint) };
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const taken = await new Promise<boolean>((resolve) => {
    manager
      .request(PREFIX + fingerprint, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? held : undefined;
      })
      .catch(() => resolve(true));
  });
  return { taken, release };
}

/** Fingerprints of the multipart uploads running now in any tab of this browser. */
export async function runningUploads(now = Date.now()): Promise<Set<string>> {
  const manager = locks();
  if (!manager)
    return new Set(
      Object.entries(beats()).flatMap(([fingerprint, at]) =>
        typeof at === 'number' && now - at < ALIVE_FOR_MS ? [fingerprint] : [],
      ),
    );
  try {
    const { held = [], pending = [] } = await manager.query();
    return new Set(
      [...held, ...pending].flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name.slice(PREFIX.length)] : [])),
    );
  } catch {
    return new Set();
  }
}

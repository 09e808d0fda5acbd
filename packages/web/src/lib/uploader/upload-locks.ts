/**
 * A running multipart upload holds a Web Lock named after its file for as long as it runs, so another tab
 * of the same browser can tell an upload in progress from one a closed page left (the "unfinished
 * uploads" it offers to discard). The lock goes with the tab that held it. Browsers without Web Locks
 * (and tests) simply see none.
 */
const PREFIX = 'driftbox-upload:';

function locks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
}

/** Holds the lock of `fingerprint` until `running` settles. */
export function holdWhileRunning(fingerprint: string, running: Promise<unknown>): void {
  const released = running.then(
    () => undefined,
    () => undefined,
  );
  void locks()
    ?.request(PREFIX + fingerprint, () => released)
    .catch(() => undefined);
}

/** Fingerprints of the multipart uploads running now in any tab of this browser. */
export async function runningUploads(): Promise<Set<string>> {
  const manager = locks();
  if (!manager) return new Set();
  try {
    const { held = [], pending = [] } = await manager.query();
    return new Set([...held, ...pending].flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name.slice(PREFIX.length)] : [])));
  } catch {
    return new Set();
  }
}

/** Why a check of the storage test failed, in words an admin can act on. */
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { isStorageError } from '../../storage/errors.js';

/** A failed check, explained in both languages. */
export class ProbeFailure extends Error {
  constructor(
    readonly text: Text,
    readonly unreachable = false,
  ) {
    super(text.en);
  }
}

/** Fails with a ProbeFailure after `ms`, so one hanging check cannot hold the whole test. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeFailure(msg('storage.probe.noAnswer', { seconds: ms / 1000 }), true)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** An error and those in its `cause` chain, a few deep (Node's network errors hide under "fetch failed"). */
function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  )
    yield e;
}

/** The system `code` of an error or of any error in its `cause` chain. */
function systemCode(err: unknown): string | undefined {
  for (const e of causeChain(err)) {
    // A StorageError's own code is the driver's summary (BACKEND), not the system's.
    if (!isStorageError(e) && typeof e.code === 'string' && /^[A-Z_]+$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** True when fetch refused the address outright for its port (the Fetch standard's blocked ports, as browsers do). */
function isBlockedPort(err: unknown): boolean {
  for (const e of causeChain(err)) if (e.message === 'bad port') return true;
  return false;
}

/** A failure explained; `reason` names its kind apart from the detail, `unreachable` that the storage cannot be reached at all. */
export interface Explained {
  text: Text;
  reason: string;
  unreachable: boolean;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The failures an admin can fix, each explained with the technical detail in parentheses. */
type KnownCause =
  | 'storage.probe.accessDenied'
  | 'storage.probe.noBucket'
  | 'storage.probe.connectionRefused'
  | 'storage.probe.hostUnknown'
  | 'storage.probe.connectTimeout'
  | 'storage.probe.connectionClosed'
  | 'storage.probe.untrustedCertificate';

/** The kind of a failure the admin can fix; undefined for any other. */
function knownCause(err: unknown, code: string | undefined, untrusted: boolean): KnownCause | undefined {
  const known: [boolean, KnownCause][] = [
    [isStorageError(err, 'ACCESS_DENIED'), 'storage.probe.accessDenied'],
    [isStorageError(err, 'BUCKET_NOT_FOUND'), 'storage.probe.noBucket'],
    [code === 'ECONNREFUSED', 'storage.probe.connectionRefused'],
    [code === 'ENOTFOUND' || code === 'EAI_AGAIN', 'storage.probe.hostUnknown'],
    [code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT', 'storage.probe.connectTimeout'],
    [code === 'ECONNRESET' || code === 'EPIPE', 'storage.probe.connectionClosed'],
    [untrusted, 'storage.probe.untrustedCertificate'],
  ];
  return known.find(([applies]) => applies)?.[1];
}

/** What went wrong, in words an admin can act on; the technical detail stays in parentheses. */
export function explainFailure(err: unknown): Explained {
  if (err instanceof ProbeFailure) return { text: err.text, reason: err.text.en, unreachable: err.unreachable };
  const detail = err instanceof Error ? err.message : String(err);
  const code = systemCode(err);
  if (isBlockedPort(err)) return { text: msg('storage.probe.blockedPort'), reason: 'blocked-port', unreachable: false };
  // An endpoint that is not S3 at all is found by the list check itself (notS3Answer).
  const untrusted = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code ?? '');
  const unreachable = untrusted || UNREACHABLE_CODES.has(code ?? '');
  const cause = knownCause(err, code, untrusted);
  // The cause's key stands for its kind: two failures of one kind differ only in their detail.
  if (cause) return { text: msg(cause, { detail }), reason: cause, unreachable };
  return { text: msg('storage.probe.failed', { detail }), reason: detail, unreachable };
}

/**
 * `POST /api/s3-configs/{id}/test`: checks a storage config the way Driftbox will use it — list, write,
 * read back, a presigned upload and download like the browser's, CORS for the caller's origin, and
 * cleanup — and reports each check with its outcome and duration, so the admin sees what to fix.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { StorageTestCheck, StorageTestResult } from '@driftbox/contract';
import { listOf, msg } from '../../lib/i18n/catalogue.js';
import { t, type Lang, type Text } from '../../lib/i18n/i18n.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { answerStart, expectOk, notS3Answer, notS3Text } from './storage-configs.probe-answers.js';
import { checkCors } from './storage-configs.probe-cors.js';
import { explainFailure, ProbeFailure, withTimeout, type Explained } from './storage-configs.probe-failure.js';

/** `fetch`, or the app itself for the app-relative URLs of local storage. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface ProbeOptions {
  kind: 'LOCAL' | 'S3';
  provider: string;
  /** The config's default folder; probe objects go below it, where share uploads go. */
  folder: string;
  /** The caller's Origin, for the CORS check. */
  origin: string;
  fetch: FetchLike;
  expiresIn: number;
  /** Makes the probe keys unique, so concurrent tests do not collide. */
  probeId: string;
  /** The language of the report's messages. */
  lang: Lang;
}

const CHECK_TIMEOUT_MS = 15_000;

/** A check's outcome; `failure` is kept (not sent) so later checks can say they failed the same way. */
type CheckOutcome = StorageTestCheck & { failure?: Explained };

async function runCheck(name: string, lang: Lang, check: () => Promise<Text>): Promise<CheckOutcome> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const message = await withTimeout(check(), CHECK_TIMEOUT_MS);
    return { name, ok: true, message: t(lang, message), durationMs: durationMs() };
  } catch (err) {
    const failure = explainFailure(err);
    return { name, ok: false, message: t(lang, failure.text), durationMs: durationMs(), failure };
  }
}

interface ProbeKeys {
  server: string;
  browser: string;
  content: string;
}

async function readBack(store: ObjectStore, keys: ProbeKeys): Promise<Text> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.get(keys.server)).body) chunks.push(chunk as Buffer);
  if (Buffer.concat(chunks).toString('utf8') !== keys.content)
    throw new ProbeFailure(msg('storage.probe.readMismatch'));
  return msg('storage.probe.readPassed');
}

/** The browser's path: upload and download through presigned URLs, sent from the caller's origin. */
async function presignedRoundTrip(store: ObjectStore, options: ProbeOptions, keys: ProbeKeys): Promise<Text> {
  // Signed for its length, as every upload URL Driftbox hands out: a backend that cannot check it fails here.
  const length = Buffer.byteLength(keys.content);
  const put = await store.presignPut(keys.browser, {
    expiresIn: options.expiresIn,
    contentType: 'text/plain',
    contentLength: length,
  });
  // Stated outright: a browser always sends it, the in-process call for LOCAL URLs would not.
  const headers = { ...put.headers, Origin: options.origin, 'Content-Length': String(length) };
  await expectOk(
    await options.fetch(put.url, { method: 'PUT', headers, body: keys.content }),
    msg('storage.probe.presignedUpload'),
  );
  const get = await store.presignGet(keys.browser, { expiresIn: options.expiresIn });
  const res = await options.fetch(get.url, { headers: { Origin: options.origin } });
  await expectOk(res, msg('storage.probe.presignedDownload'));
  // One byte past the content is enough to tell a different answer: a larger one is never read whole.
  if ((await answerStart(res, Buffer.byteLength(keys.content) + 1)) !== keys.content)
    throw new ProbeFailure(msg('storage.probe.downloadMismatch'));
  return msg('storage.probe.presignedPassed');
}

async function cleanUp(store: ObjectStore, keys: ProbeKeys): Promise<Text> {
  await store.delete([keys.server, keys.browser]);
  const left = await store.head(keys.server).then(
    () => true,
    (err: unknown) => (isStorageError(err, 'NOT_FOUND') ? false : Promise.reject(err)),
  );
  if (left) throw new ProbeFailure(msg('storage.probe.objectLeft'));
  return msg('storage.probe.deletePassed');
}

/** Lists the folder, and makes sure the endpoint that answered is S3 at all. */
async function listCheck(store: ObjectStore, options: ProbeOptions, base: string): Promise<Text> {
  const notS3 = async () => (options.kind === 'S3' ? notS3Answer(store, options, `${base}-missing.txt`) : undefined);
  try {
    await store.list({ prefix: options.folder ? `${options.folder}/` : '', delimiter: '/', limit: 1 });
  } catch (err) {
    // Refused credentials or a missing bucket may be a web page's 403 or 404: say which it was.
    const status = isStorageError(err) ? await notS3() : undefined;
    throw status === undefined ? err : new ProbeFailure(notS3Text(status), true);
  }
  // A web page's 200 lists as an empty bucket.
  const status = await notS3();
  if (status !== undefined) throw new ProbeFailure(notS3Text(status), true);
  return msg('storage.probe.listPassed', {
    where: msg(options.kind === 'LOCAL' ? 'storage.probe.folder' : 'storage.probe.bucket'),
  });
}

/** Server-side checks that cannot work when the storage cannot be reached, or nothing was written. */
const NEEDS_REACH = new Set(['write', 'read', 'delete']);

/**
 * Runs the checks in order. When the list check finds the storage out of reach, the other checks through
 * the same connection are skipped (each would wait and fail the same way), and the browser's checks
 * that fail for that same reason say so instead of repeating it; a failed write skips the read back.
 */
async function runChecks(steps: [string, () => Promise<Text>][], lang: Lang): Promise<StorageTestCheck[]> {
  const checks: CheckOutcome[] = [];
  const skip = (name: string, why: Text): StorageTestCheck => ({
    name,
    ok: false,
    skipped: true,
    message: t(lang, why),
    durationMs: 0,
  });
  for (const [name, check] of steps) {
    const list = checks.find((c) => c.name === 'list');
    const cut = list?.failure?.unreachable ? list.failure : undefined;
    if (cut && NEEDS_REACH.has(name)) {
      checks.push(skip(name, msg('storage.probe.skippedUnreachable')));
      continue;
    }
    if (name === 'read' && checks.find((c) => c.name === 'write')?.ok === false) {
      checks.push(skip(name, msg('storage.probe.skippedNothingWritten')));
      continue;
    }
    const outcome = await runCheck(name, lang, check);
    if (cut && outcome.failure?.reason === cut.reason) outcome.message = t(lang, msg('storage.probe.sameReason'));
    checks.push(outcome);
  }
  return checks.map(({ failure: _failure, ...check }) => check);
}

/** The result's fields kept for clients of the original product, from the checks. */
function legacyResult(checks: StorageTestCheck[], lang: Lang): StorageTestResult['result'] {
  const legacy = (name: string) => {
    const check = checks.find((c) => c.name === name);
    return { success: check?.ok ?? false, message: check?.message ?? '' };
  };
  const failed = checks.filter((c) => !c.ok).map((c) => c.name);
  const globalNote =
    failed.length === 0 ? msg('storage.probe.allPassed') : msg('storage.probe.someFailed', { checks: listOf(failed) });
  return {
    read: legacy('read'),
    write: legacy('write'),
    cors: legacy('cors'),
    frontendSim: legacy('presigned'),
    globalNote: t(lang, globalNote),
  };
}

/** Runs every check in order; `success` is true only when all passed. */
export async function probeStore(store: ObjectStore, options: ProbeOptions): Promise<StorageTestResult> {
  const base = `${options.folder ? `${options.folder}/` : ''}.driftbox-probe/${options.probeId}`;
  const keys: ProbeKeys = {
    server: `${base}-server.txt`,
    browser: `${base}-browser.txt`,
    content: `Driftbox storage test ${options.probeId}`,
  };
  const write = async () => {
    const body = Buffer.from(keys.content);
    await store.put(keys.server, Readable.from([body]), { contentLength: body.length, contentType: 'text/plain' });
    return msg('storage.probe.writePassed', { key: keys.server });
  };
  const cors = async () =>
    options.kind === 'LOCAL' ? msg('storage.probe.corsNotNeeded') : checkCors(store, options, keys.server);
  const checks = await runChecks(
    [
      ['list', () => listCheck(store, options, base)],
      ['write', write],
      ['read', () => readBack(store, keys)],
      ['presigned', () => presignedRoundTrip(store, options, keys)],
      ['cors', cors],
      ['delete', () => cleanUp(store, keys)],
    ],
    options.lang,
  );
  return { success: checks.every((c) => c.ok), checks, result: legacyResult(checks, options.lang) };
}

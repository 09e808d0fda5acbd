/**
 * `POST /api/s3-configs/{id}/test`: checks a storage config the way Driftbox will use it — list, write,
 * read back, a presigned upload and download like the browser's, CORS for the caller's origin, and
 * cleanup — and reports each check with its outcome and duration, so the admin sees what to fix.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { StorageTestCheck, StorageTestResult } from '@driftbox/contract';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';

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
}

const CHECK_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runCheck(name: string, check: () => Promise<string>): Promise<StorageTestCheck> {
  const started = performance.now();
  const done = (ok: boolean, message: string) => ({ name, ok, message, durationMs: Math.round(performance.now() - started) });
  try {
    return done(true, await withTimeout(check(), CHECK_TIMEOUT_MS));
  } catch (err) {
    return done(false, err instanceof Error ? err.message : String(err));
  }
}

function corsHint(provider: string, origin: string): string {
  const what = `allow origin ${origin} with methods GET, PUT and HEAD and header content-type, and expose the ETag header`;
  if (provider === 'Cloudflare R2') return `Add a CORS policy in the R2 bucket settings to ${what}.`;
  if (provider === 'Backblaze B2') return `Set the bucket's CORS rules (b2 bucket update --cors-rules) to ${what}.`;
  return `Configure the bucket's CORS rules (PutBucketCors) to ${what}.`;
}

async function expectOk(res: Response, what: string): Promise<void> {
  if (res.ok) return;
  const detail = (await res.text()).slice(0, 200);
  throw new Error(`${what} failed with HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
}

/** Preflight of a presigned PUT, then a real GET, both from the caller's origin. */
async function checkCors(store: ObjectStore, options: ProbeOptions, key: string): Promise<string> {
  const hint = corsHint(options.provider, options.origin);
  const put = await store.presignPut(key, { expiresIn: options.expiresIn, contentType: 'text/plain' });
  const preflight = await options.fetch(put.url, {
    method: 'OPTIONS',
    headers: { Origin: options.origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
  });
  const allowOrigin = preflight.headers.get('access-control-allow-origin');
  const allowMethods = (preflight.headers.get('access-control-allow-methods') ?? '').toUpperCase();
  if (!preflight.ok || (allowOrigin !== options.origin && allowOrigin !== '*') || !/\bPUT\b|\*/.test(allowMethods)) {
    throw new Error(`The browser at ${options.origin} may not upload directly (preflight HTTP ${preflight.status}). ${hint}`);
  }
  const get = await store.presignGet(key, { expiresIn: options.expiresIn });
  const res = await options.fetch(get.url, { headers: { Origin: options.origin } });
  await res.body?.cancel();
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  if (!/\betag\b|\*/.test(exposed)) throw new Error(`The ETag header is not exposed to ${options.origin}, which resumable uploads need. ${hint}`);
  return `Direct uploads and downloads from ${options.origin} are allowed`;
}

interface ProbeKeys {
  server: string;
  browser: string;
  content: string;
}

async function readBack(store: ObjectStore, keys: ProbeKeys): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.get(keys.server)).body) chunks.push(chunk as Buffer);
  if (Buffer.concat(chunks).toString('utf8') !== keys.content) throw new Error('Read back different content than was written');
  return 'Read the probe object back unchanged';
}

/** The browser's path: upload and download through presigned URLs, sent from the caller's origin. */
async function presignedRoundTrip(store: ObjectStore, options: ProbeOptions, keys: ProbeKeys): Promise<string> {
  const put = await store.presignPut(keys.browser, { expiresIn: options.expiresIn, contentType: 'text/plain' });
  await expectOk(await options.fetch(put.url, { method: 'PUT', headers: { ...put.headers, Origin: options.origin }, body: keys.content }), 'Presigned upload');
  const get = await store.presignGet(keys.browser, { expiresIn: options.expiresIn });
  const res = await options.fetch(get.url, { headers: { Origin: options.origin } });
  await expectOk(res, 'Presigned download');
  if ((await res.text()) !== keys.content) throw new Error('The presigned download returned different content');
  return 'Uploaded and downloaded through presigned URLs';
}

async function cleanUp(store: ObjectStore, keys: ProbeKeys): Promise<string> {
  await store.delete([keys.server, keys.browser]);
  const left = await store.head(keys.server).then(
    () => true,
    (err: unknown) => (isStorageError(err, 'NOT_FOUND') ? false : Promise.reject(err)),
  );
  if (left) throw new Error('The probe object is still there after deleting it');
  return 'Deleted the probe objects';
}

/** Runs every check in order; `success` is true only when all passed. */
export async function probeStore(store: ObjectStore, options: ProbeOptions): Promise<StorageTestResult> {
  const base = `${options.folder ? `${options.folder}/` : ''}.driftbox-probe/${options.probeId}`;
  const keys: ProbeKeys = { server: `${base}-server.txt`, browser: `${base}-browser.txt`, content: `Driftbox storage test ${options.probeId}` };
  const where = options.kind === 'LOCAL' ? 'folder' : 'bucket';
  const steps: [string, () => Promise<string>][] = [
    [
      'list',
      async () => {
        await store.list({ prefix: options.folder ? `${options.folder}/` : '', delimiter: '/', limit: 1 });
        return `Listed the ${where}`;
      },
    ],
    [
      'write',
      async () => {
        const body = Buffer.from(keys.content);
        await store.put(keys.server, Readable.from([body]), { contentLength: body.length, contentType: 'text/plain' });
        return `Wrote ${keys.server}`;
      },
    ],
    ['read', () => readBack(store, keys)],
    ['presigned', () => presignedRoundTrip(store, options, keys)],
    ['cors', async () => (options.kind === 'LOCAL' ? 'Served by Driftbox on its own origin: no CORS configuration needed' : checkCors(store, options, keys.server))],
    ['delete', () => cleanUp(store, keys)],
  ];
  const checks: StorageTestCheck[] = [];
  for (const [name, check] of steps) checks.push(await runCheck(name, check));
  return { success: checks.every((c) => c.ok), checks };
}

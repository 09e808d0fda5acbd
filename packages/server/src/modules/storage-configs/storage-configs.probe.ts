/**
 * `POST /api/s3-configs/{id}/test`: checks a storage config the way Driftbox will use it — list, write,
 * read back, a presigned upload and download like the browser's, CORS for the caller's origin, and
 * cleanup — and reports each check with its outcome and duration, so the admin sees what to fix.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { isMixedContent, type StorageTestCheck, type StorageTestResult } from '@driftbox/contract';
import { t, type Lang, type Text } from '../../lib/i18n/i18n.js';
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
  /** The language of the report's messages. */
  lang: Lang;
}

/** A failed check, explained in both languages. */
class ProbeFailure extends Error {
  constructor(
    readonly text: Text,
    readonly unreachable = false,
  ) {
    super(text.en);
  }
}

const fail = (en: string, zh: string) => new ProbeFailure({ en, zh });

const CHECK_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProbeFailure({ en: `No answer within ${ms / 1000} s`, zh: `${ms / 1000} 秒内没有响应` }, true)),
      ms,
    );
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

/** The start of an answer's body (an error page may be large: the rest is never read). */
async function answerStart(res: Response, limit = 4096): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Said of an endpoint whose answers are not S3's (`status` 0 when unknown). */
function notS3Text(status: number): Text {
  return {
    en: `The endpoint did not answer like an S3 server${status ? ` (HTTP ${status})` : ''}: check that the endpoint URL is the S3 API address of the storage`,
    zh: `服务端点的响应不是 S3 服务的响应${status ? `（HTTP ${status}）` : ''}：请检查端点 URL 是否为该存储的 S3 API 地址`,
  };
}

/**
 * Asks the endpoint for an object that does not exist, as S3 is asked: S3 (and every compatible store)
 * answers an error naming its `<Code>` (NoSuchKey, AccessDenied). A web page or another API answers
 * otherwise, often 200 or 403 in HTML, which the SDK can take for an empty listing or refused
 * credentials. The status of such an answer, or undefined when it was S3's or could not be had.
 */
async function notS3Answer(store: ObjectStore, options: ProbeOptions, key: string): Promise<number | undefined> {
  try {
    const get = await store.presignGet(key, { expiresIn: 60 });
    const res = await options.fetch(get.url, { redirect: 'manual' });
    const body = await answerStart(res);
    if (res.status >= 200 && res.status < 300) return res.status;
    if (/<Code>[^<]+<\/Code>/.test(body) || body.trim() === '') return undefined;
    return res.status;
  } catch {
    return undefined;
  }
}

/** A failure explained; `reason` names its kind apart from the detail, `unreachable` that the storage cannot be reached at all. */
interface Explained {
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

/** What went wrong, in words an admin can act on; the technical detail stays in parentheses. */
function explainFailure(err: unknown): Explained {
  if (err instanceof ProbeFailure) return { text: err.text, reason: err.text.en, unreachable: err.unreachable };
  const detail = err instanceof Error ? err.message : String(err);
  const code = systemCode(err);
  if (isBlockedPort(err)) {
    const text = {
      en: 'The endpoint uses a port that browsers refuse to call (a blocked port such as 9 or 6000): use another port',
      zh: '服务端点使用了浏览器拒绝访问的端口（例如 9 或 6000 等被屏蔽的端口）：请换用其他端口',
    };
    return { text, reason: 'blocked-port', unreachable: false };
  }
  // An endpoint that is not S3 at all is found by the list check itself (notS3Answer).
  const untrusted = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code ?? '');
  const unreachable = untrusted || UNREACHABLE_CODES.has(code ?? '');
  const known: [boolean, string, string][] = [
    [
      isStorageError(err, 'ACCESS_DENIED'),
      'The storage refused the credentials or the operation: check the access key, the secret and their permissions',
      '存储拒绝了凭据或操作：请检查访问密钥 ID、私有访问密钥及其权限',
    ],
    [
      isStorageError(err, 'BUCKET_NOT_FOUND'),
      'The bucket does not exist: check the bucket name and the region',
      '存储桶不存在：请检查存储桶名称和区域',
    ],
    [
      code === 'ECONNREFUSED',
      'Could not connect: the endpoint refused the connection (check the endpoint URL and port)',
      '无法连接：服务端点拒绝了连接（请检查端点 URL 和端口）',
    ],
    [
      code === 'ENOTFOUND' || code === 'EAI_AGAIN',
      "Could not connect: the endpoint's host name does not resolve",
      '无法连接：无法解析服务端点的主机名',
    ],
    [
      code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT',
      'Could not connect: the endpoint did not answer in time',
      '无法连接：服务端点响应超时',
    ],
    [code === 'ECONNRESET' || code === 'EPIPE', 'The endpoint closed the connection', '服务端点关闭了连接'],
    [untrusted, "The endpoint's TLS certificate is not trusted", '服务端点的 TLS 证书不受信任'],
  ];
  const match = known.find(([applies]) => applies);
  const text = match
    ? { en: `${match[1]} (${detail})`, zh: `${match[2]}（${detail}）` }
    : { en: detail, zh: `失败：${detail}` };
  return { text, reason: match ? match[1] : detail, unreachable };
}

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

function corsHint(provider: string, origin: string, headers: readonly string[]): Text {
  const names = headers.join(provider === 'Backblaze B2' ? ' and ' : ', ');
  const what = `allow origin ${origin} with methods GET, PUT and HEAD and ${headers.length > 1 ? 'headers' : 'header'} ${names}, and expose the ETag header`;
  const zhWhat = `允许来源 ${origin} 使用 GET、PUT、HEAD 方法和 ${headers.join('、')} 请求头，并暴露 ETag 响应头`;
  if (provider === 'Cloudflare R2')
    return {
      en: `Add a CORS policy in the R2 bucket settings to ${what}.`,
      zh: `请在 R2 存储桶设置中添加 CORS 策略：${zhWhat}。`,
    };
  if (provider === 'Aliyun OSS')
    return {
      en: `Add a cross-origin (CORS) rule in the OSS bucket's settings to ${what}.`,
      zh: `请在 OSS 存储桶的跨域设置（CORS）中添加规则：${zhWhat}。`,
    };
  if (provider === 'Backblaze B2')
    return {
      en: `Set the bucket's CORS rules (b2 bucket update --cors-rules) to ${what}.`,
      zh: `请设置存储桶的 CORS 规则（b2 bucket update --cors-rules）：${zhWhat}。`,
    };
  return {
    en: `Configure the bucket's CORS rules (PutBucketCors) to ${what}.`,
    zh: `请配置存储桶的 CORS 规则（PutBucketCors）：${zhWhat}。`,
  };
}

/** What an error answer says: S3's `<Code>` and `<Message>`, Driftbox's JSON `message`, or nothing readable. */
function answerDetail(body: string): string | null {
  const xml = (tag: string) => new RegExp(`<${tag}>([^<]{1,200})</${tag}>`).exec(body)?.[1];
  const code = xml('Code');
  if (code) return [code, xml('Message')].filter(Boolean).join(': ');
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message.slice(0, 200) : null;
  } catch {
    return body.trim() === '' ? '' : null;
  }
}

async function expectOk(res: Response, what: Text): Promise<void> {
  if (res.ok) return;
  const detail = answerDetail(await answerStart(res));
  // An answer neither S3 nor Driftbox would give (a web page, another API) is not repeated: it only confuses.
  const en = detail === null ? ' (the endpoint did not answer like an S3 server)' : detail ? `: ${detail}` : '';
  const zh = detail === null ? '（服务端点的响应不是 S3 服务的响应）' : detail ? `：${detail}` : '';
  throw fail(`${what.en} failed with HTTP ${res.status}${en}`, `${what.zh}失败，HTTP ${res.status}${zh}`);
}

/** The browser blocks an https page's requests to plain http before any CORS rule is read: say that instead. */
export function assertNotMixedContent(origin: string, url: string): void {
  if (!isMixedContent(origin, url)) return;
  const target = new URL(url).origin;
  throw fail(
    `Pages on ${origin} cannot reach ${target}: browsers block plain-http requests from https pages (mixed content). Give this storage an https endpoint.`,
    `${origin} 上的页面无法访问 ${target}：浏览器会阻止 https 页面发出的明文 http 请求（混合内容）。请为此存储使用 https 端点。`,
  );
}

/** Preflight of a presigned PUT, then a real GET, both from the caller's origin. */
async function checkCors(store: ObjectStore, options: ProbeOptions, key: string): Promise<Text> {
  const put = await store.presignPut(key, { expiresIn: options.expiresIn, contentType: 'text/plain' });
  // The headers the uploader sends with the PUT (Backblaze adds its own): the preflight asks for them all.
  const headers = Object.keys(put.headers).map((name) => name.toLowerCase());
  const hint = corsHint(options.provider, options.origin, headers);
  assertNotMixedContent(options.origin, put.url);
  const preflight = await options.fetch(put.url, {
    method: 'OPTIONS',
    headers: {
      Origin: options.origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': headers.join(','),
    },
  });
  const allowOrigin = preflight.headers.get('access-control-allow-origin');
  const allowMethods = (preflight.headers.get('access-control-allow-methods') ?? '').toUpperCase();
  const allowHeaders = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  const headersAllowed = allowHeaders.includes('*') || headers.every((name) => allowHeaders.includes(name));
  if (
    !preflight.ok ||
    (allowOrigin !== options.origin && allowOrigin !== '*') ||
    !/\bPUT\b|\*/.test(allowMethods) ||
    !headersAllowed
  ) {
    throw fail(
      `The browser at ${options.origin} may not upload directly (preflight HTTP ${preflight.status}). ${hint.en}`,
      `${options.origin} 上的浏览器不能直接上传（预检 HTTP ${preflight.status}）。${hint.zh}`,
    );
  }
  const get = await store.presignGet(key, { expiresIn: options.expiresIn });
  const res = await options.fetch(get.url, { headers: { Origin: options.origin } });
  await res.body?.cancel();
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  if (!/\betag\b|\*/.test(exposed)) {
    throw fail(
      `The ETag header is not exposed to ${options.origin}, which resumable uploads need. ${hint.en}`,
      `ETag 响应头未向 ${options.origin} 暴露，断点续传需要它。${hint.zh}`,
    );
  }
  return {
    en: `Direct uploads and downloads from ${options.origin} are allowed`,
    zh: `允许从 ${options.origin} 直接上传和下载`,
  };
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
    throw fail('Read back different content than was written', '读回的内容与写入的不同');
  return { en: 'Read the probe object back unchanged', zh: '测试对象读回无误' };
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
  await expectOk(await options.fetch(put.url, { method: 'PUT', headers, body: keys.content }), {
    en: 'Presigned upload',
    zh: '预签名上传',
  });
  const get = await store.presignGet(keys.browser, { expiresIn: options.expiresIn });
  const res = await options.fetch(get.url, { headers: { Origin: options.origin } });
  await expectOk(res, { en: 'Presigned download', zh: '预签名下载' });
  // One byte past the content is enough to tell a different answer: a larger one is never read whole.
  if ((await answerStart(res, Buffer.byteLength(keys.content) + 1)) !== keys.content)
    throw fail('The presigned download returned different content', '预签名下载返回的内容不同');
  return { en: 'Uploaded and downloaded through presigned URLs', zh: '已通过预签名链接上传和下载' };
}

async function cleanUp(store: ObjectStore, keys: ProbeKeys): Promise<Text> {
  await store.delete([keys.server, keys.browser]);
  const left = await store.head(keys.server).then(
    () => true,
    (err: unknown) => (isStorageError(err, 'NOT_FOUND') ? false : Promise.reject(err)),
  );
  if (left) throw fail('The probe object is still there after deleting it', '删除后测试对象仍然存在');
  return { en: 'Deleted the probe objects', zh: '已删除测试对象' };
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
      checks.push(
        skip(name, {
          en: 'Skipped: the storage could not be reached (see “List”)',
          zh: '已跳过：无法访问存储（见“列出”）',
        }),
      );
      continue;
    }
    if (name === 'read' && checks.find((c) => c.name === 'write')?.ok === false) {
      checks.push(skip(name, { en: 'Skipped: nothing was written to read back', zh: '已跳过：没有写入可读回的内容' }));
      continue;
    }
    const outcome = await runCheck(name, lang, check);
    if (cut && outcome.failure?.reason === cut.reason) {
      outcome.message = t(lang, { en: 'Failed for the same reason as “List”', zh: '失败原因与“列出”相同' });
    }
    checks.push(outcome);
  }
  return checks.map(({ failure: _failure, ...check }) => check);
}

/** Runs every check in order; `success` is true only when all passed. */
export async function probeStore(store: ObjectStore, options: ProbeOptions): Promise<StorageTestResult> {
  const base = `${options.folder ? `${options.folder}/` : ''}.driftbox-probe/${options.probeId}`;
  const keys: ProbeKeys = {
    server: `${base}-server.txt`,
    browser: `${base}-browser.txt`,
    content: `Driftbox storage test ${options.probeId}`,
  };
  const where = options.kind === 'LOCAL' ? { en: 'folder', zh: '文件夹' } : { en: 'bucket', zh: '存储桶' };
  const steps: [string, () => Promise<Text>][] = [
    [
      'list',
      async () => {
        const missing = `${base}-missing.txt`;
        const notS3 = async () => (options.kind === 'S3' ? notS3Answer(store, options, missing) : undefined);
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
        return { en: `Listed the ${where.en}`, zh: `已列出${where.zh}内容` };
      },
    ],
    [
      'write',
      async () => {
        const body = Buffer.from(keys.content);
        await store.put(keys.server, Readable.from([body]), { contentLength: body.length, contentType: 'text/plain' });
        return { en: `Wrote ${keys.server}`, zh: `已写入 ${keys.server}` };
      },
    ],
    ['read', () => readBack(store, keys)],
    ['presigned', () => presignedRoundTrip(store, options, keys)],
    [
      'cors',
      async () =>
        options.kind === 'LOCAL'
          ? {
              en: 'Served by Driftbox on its own origin: no CORS configuration needed',
              zh: '由 Driftbox 在自身源上提供：无需配置 CORS',
            }
          : checkCors(store, options, keys.server),
    ],
    ['delete', () => cleanUp(store, keys)],
  ];
  const checks = await runChecks(steps, options.lang);
  const legacy = (name: string) => {
    const check = checks.find((c) => c.name === name);
    return { success: check?.ok ?? false, message: check?.message ?? '' };
  };
  const failed = checks.filter((c) => !c.ok).map((c) => c.name);
  const globalNote =
    failed.length === 0
      ? { en: 'Every check passed', zh: '所有检查均已通过' }
      : { en: `Failed: ${failed.join(', ')}`, zh: `未通过：${failed.join('、')}` };
  const result = {
    read: legacy('read'),
    write: legacy('write'),
    cors: legacy('cors'),
    frontendSim: legacy('presigned'),
    globalNote: t(options.lang, globalNote),
  };
  return { success: failed.length === 0, checks, result };
}

/**
 * The SSRF guard (ARCHITECTURE §5), the one module through which the server fetches a user-given URL.
 * Only http(s). Host names are resolved here and the connection goes to the address that was checked
 * (a pinned `lookup`), so DNS rebinding cannot swap in another address between check and connect.
 * Loopback, private, shared (CGNAT), link-local (incl. the 169.254.169.254 metadata service), multicast,
 * reserved and documentation ranges are refused, for IPv4 and IPv6 (ULA, link-local, IPv4-mapped,
 * NAT64, 6to4). Redirects are followed by hand, at most five, and every hop is checked again.
 * Responses are capped in size and time.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../errors.js';

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['::', 96] /* IPv4-compatible */,
  ['::ffff:0:0', 96] /* IPv4-mapped, any */,
  ['::ffff:0:0:0', 96] /* IPv4-translated */,
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48] /* NAT64 */,
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16] /* 6to4 */,
  ['3fff::', 20] /* documentation */,
  ['5f00::', 16] /* SRv6 SIDs */,
  ['fc00::', 7] /* ULA */,
  ['fe80::', 10] /* link-local */,
  ['fec0::', 10],
  ['ff00::', 8],
];
// Two lists: a BlockList holding an IPv6 rule over mapped space would also match every IPv4 address.
const blockedV4 = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockedV4.addSubnet(net, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [net, prefix] of BLOCKED_V6) blockedV6.addSubnet(net, prefix, 'ipv6');

/** True for any address the server must not connect to on a user's behalf (and for non-addresses). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? blockedV4.check(address, 'ipv4') : blockedV6.check(address, 'ipv6');
}

/** How the guard resolves names; injected by tests (which must never reach beyond loopback). */
export interface SsrfPolicy {
  /** Every address of a host name (default: the system resolver). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Host names exempt from the address check: only tests use it, for a fixture server on loopback. */
  trustedHosts?: ReadonlySet<string>;
}

export interface GuardedRequestOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Largest body accepted; a longer one fails with 413 (up front when Content-Length says so). */
  maxBytes: number;
  /** Until the response headers arrive, across all redirects. */
  headersTimeoutMs?: number;
  /** Longest pause while reading the body. */
  idleTimeoutMs?: number;
  /** Longest time reading the whole body (a source sending a byte now and then never idles). */
  bodyTimeoutMs?: number;
  signal?: AbortSignal;
}

/** Six hours: a few GB at a slow link's pace, far from forever. */
const BODY_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/** A response from the final hop; `body` is capped at `maxBytes` and must be consumed or destroyed. */
export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: string;
  body: Readable;
}

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const refused = (en: string, zh: string) => new AppError('BAD_REQUEST', { text: { en, zh } });
const FORBIDDEN_TARGET = () =>
  refused('The URL points to a private, loopback or reserved address', 'URL 指向内网、本机或保留地址');
const unreachable = (why: string, whyZh: string) =>
  refused(`The URL could not be fetched: ${why}`, `无法获取该 URL：${whyZh}`);
const NO_SUCH_HOST = ['the host name does not resolve', '无法解析主机名'] as const;

/** Why a connection failed, in words for the user (Node's own text names sockets and addresses). */
export function connectionFailure(err: Error & { code?: string }): readonly [string, string] {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return ['the server refused the connection', '服务器拒绝连接'];
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT')
    return ['the server did not answer in time', '服务器响应超时'];
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(err.message))
    return ['the server closed the connection', '服务器关闭了连接'];
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return NO_SUCH_HOST;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return ['the host cannot be reached', '无法访问该主机'];
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|EPROTO|SSL/i.test(code))
    return ['its HTTPS certificate or connection is not valid', '其 HTTPS 证书或连接无效'];
  return ['the connection failed', '连接失败'];
}

async function systemResolve(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
}

/** A URL's host as an address or a name: IPv6 without its brackets, lower-cased. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** How long `isPubliclyReachable` waits for the resolver before giving the URL the benefit of the doubt. */
const REACHABILITY_LOOKUP_MS = 2_000;

/**
 * Whether servers on the internet (an online Office viewer's) could fetch `url`: false when its host
 * is, or resolves only to, addresses this guard refuses — localhost, a LAN name or address. A name that
 * does not resolve here in time counts as reachable, so the viewer still gets its chance.
 */
export async function isPubliclyReachable(url: string, policy: SsrfPolicy = {}): Promise<boolean> {
  const host = hostOf(new URL(url));
  if (isIP(host)) return !isForbiddenAddress(host);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), REACHABILITY_LOOKUP_MS);
  });
  const lookup = (policy.resolve ?? systemResolve)(host).catch(() => []);
  const addresses = await Promise.race([lookup, timeout]).finally(() => clearTimeout(timer));
  return addresses.length === 0 || !addresses.every(isForbiddenAddress);
}

/** Checks a URL and returns the one address to connect to. */
export async function checkTarget(url: URL, policy: SsrfPolicy = {}): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refused('Only http and https URLs can be fetched', '只能获取 http 或 https 地址');
  if (url.username || url.password)
    throw refused('URLs with credentials are not supported', '不支持带用户名密码的 URL');
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw unreachable(...NO_SUCH_HOST);
    }
  }
  if (addresses.length === 0) throw unreachable(...NO_SUCH_HOST);
  // Every address must be public: a name with one private address could be made to use it.
  const trusted = !isIP(host) && policy.trustedHosts?.has(host) === true;
  if (!trusted && addresses.some(isForbiddenAddress)) throw FORBIDDEN_TARGET();
  const address = addresses[0] as string;
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

/** A lookup that answers only the checked address, in both callback shapes Node uses. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  options: GuardedRequestOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: options.method ?? 'GET',
      headers: { 'User-Agent': 'Driftbox URL upload', Accept: '*/*', ...options.headers },
      lookup: pinnedLookup(target.address, target.family),
      signal,
    });
    req.once('response', resolve);
    req.on('error', (err) => reject(signal.aborted ? (signal.reason ?? err) : unreachable(...connectionFailure(err))));
    req.end();
  });
}

/** Fails the body past `maxBytes`, after `idleMs` without data, and after `totalMs` in all. */
function cappedBody(res: IncomingMessage, maxBytes: number, idleMs: number, totalMs: number): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > maxBytes)
        callback(
          new AppError('PAYLOAD_TOO_LARGE', {
            text: { en: 'The remote file is larger than allowed', zh: '远程文件超过允许的大小' },
          }),
        );
      else callback(null, chunk);
    },
  });
  res.setTimeout(idleMs, () => res.destroy(unreachable('the server stopped sending', '对方服务器停止了发送')));
  const total = setTimeout(() => res.destroy(unreachable('the transfer took too long', '传输耗时过长')), totalMs);
  // Only a limit on this transfer: it must not keep a stopping process alive.
  total.unref();
  res.once('error', (err) => cap.destroy(err));
  cap.once('close', () => {
    clearTimeout(total);
    if (!res.destroyed) res.destroy();
  });
  return res.pipe(cap);
}

/**
 * Requests `rawUrl` through the guard and returns the final response. 400 for a refused or unreachable
 * target (or too many redirects), 413 when the body is or becomes larger than `maxBytes`.
 */
export async function guardedRequest(
  rawUrl: string,
  options: GuardedRequestOptions,
  policy: SsrfPolicy = {},
): Promise<GuardedResponse> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refused('Not a valid URL', '无效的 URL');
  }
  // The time limit covers reaching the final response; after that only the idle limit applies.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(unreachable('timed out', '请求超时')),
    options.headersTimeoutMs ?? 30_000,
  );
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) cancel();
  try {
    return await follow(url, options, policy, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function follow(
  start: URL,
  options: GuardedRequestOptions,
  policy: SsrfPolicy,
  signal: AbortSignal,
): Promise<GuardedResponse> {
  let url = start;
  let method = options.method ?? 'GET';
  for (let hop = 0; ; hop += 1) {
    const target = await checkTarget(url, policy);
    if (signal.aborted) throw signal.reason;
    const res = await requestOnce(url, target, { ...options, method }, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        throw new AppError('PAYLOAD_TOO_LARGE', {
          text: { en: 'The remote file is larger than allowed', zh: '远程文件超过允许的大小' },
        });
      }
      return {
        status: res.statusCode ?? 0,
        headers: res.headers,
        url: url.toString(),
        body: cappedBody(
          res,
          options.maxBytes,
          options.idleTimeoutMs ?? 60_000,
          options.bodyTimeoutMs ?? BODY_TIMEOUT_MS,
        ),
      };
    }
    // A redirect's body is not wanted, and reading it would let an endless one run on unchecked.
    res.destroy();
    if (hop >= MAX_REDIRECTS)
      throw unreachable(`more than ${MAX_REDIRECTS} redirects`, `重定向超过 ${MAX_REDIRECTS} 次`);
    url = new URL(location, url);
    if (res.statusCode === 303 && method !== 'HEAD') method = 'GET';
  }
}

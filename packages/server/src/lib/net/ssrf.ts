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
import { isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../errors.js';
import { msg, type PlainMessageKey } from '../i18n/catalogue.js';
import type { Text } from '../i18n/i18n.js';
import { isForbiddenAddress } from './blocked-addresses.js';

/** How the guard resolves names; injected by tests (which must never reach beyond loopback). */
export interface SsrfPolicy {
  /** Every address of a host name (default: the system resolver). */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Host names exempt from the address check (URL_FETCH_TRUSTED_HOSTS: an intranet mirror, a fixture
   * server on loopback). A URL naming an address is always checked; so is every redirect's target.
   */
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

const refused = (text: Text) => new AppError('BAD_REQUEST', { text });
const unreachable = (why: Text) => refused(msg('net.url.unreachable', { why }));
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { text: msg('net.tooLarge') });

/** Node's error codes for the failures a user can be told about, by what they mean. */
const FAILURES: [(code: string, message: string) => boolean, PlainMessageKey][] = [
  [(code) => code === 'ECONNREFUSED', 'net.why.refused'],
  [(code) => code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT', 'net.why.noAnswer'],
  [(code, message) => code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message), 'net.why.closed'],
  [(code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN', 'net.why.noSuchHost'],
  [(code) => code === 'EHOSTUNREACH' || code === 'ENETUNREACH', 'net.why.hostUnreachable'],
  [(code) => /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|EPROTO|SSL/i.test(code), 'net.why.badTls'],
];

/** Why a connection failed, in words for the user (Node's own text names sockets and addresses). */
export function connectionFailure(err: Error & { code?: string }): Text {
  const code = err.code ?? '';
  return msg(FAILURES.find(([applies]) => applies(code, err.message))?.[1] ?? 'net.why.failed');
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
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(msg('net.url.notHttp'));
  if (url.username || url.password) throw refused(msg('net.url.credentials'));
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw unreachable(msg('net.why.noSuchHost'));
    }
  }
  if (addresses.length === 0) throw unreachable(msg('net.why.noSuchHost'));
  // Every address must be public: a name with one private address could be made to use it.
  const trusted = !isIP(host) && policy.trustedHosts?.has(host) === true;
  if (!trusted && addresses.some(isForbiddenAddress)) throw refused(msg('net.url.forbiddenTarget'));
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
    req.on('error', (err) => reject(signal.aborted ? (signal.reason ?? err) : unreachable(connectionFailure(err))));
    req.end();
  });
}

/** Fails the body past `maxBytes`, after `idleMs` without data, and after `totalMs` in all. */
function cappedBody(res: IncomingMessage, maxBytes: number, idleMs: number, totalMs: number): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  res.setTimeout(idleMs, () => res.destroy(unreachable(msg('net.why.stoppedSending'))));
  const total = setTimeout(() => res.destroy(unreachable(msg('net.why.tooSlow'))), totalMs);
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
    throw refused(msg('net.url.invalid'));
  }
  // The time limit covers reaching the final response; after that only the idle limit applies.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(unreachable(msg('net.why.timedOut'))),
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
        throw tooLarge();
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
    if (hop >= MAX_REDIRECTS) throw unreachable(msg('net.why.tooManyRedirects', { max: MAX_REDIRECTS }));
    url = new URL(location, url);
    if (res.statusCode === 303 && method !== 'HEAD') method = 'GET';
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.js';
import { checkTarget, connectionFailure, guardedRequest, isPubliclyReachable, type SsrfPolicy } from './ssrf.js';

// Nothing here may send traffic beyond loopback: refused targets fail before any connection, and the
// one allowed server is a fixture on 127.0.0.1 reached through a name only the injected policy trusts.
const FIXTURE = 'fixture.test';

describe('isPubliclyReachable', () => {
  // Names resolve through the injected policy: nothing here asks a real resolver.
  const lan = new Map([
    ['nas.lan', ['192.168.1.20']],
    ['printer.local', ['fe80::1']],
    ['paste.example.com', ['93.184.215.14']],
    ['split.example.com', ['10.0.0.5', '93.184.215.14']],
  ]);
  const policy: SsrfPolicy = { resolve: async (host) => lan.get(host) ?? Promise.reject(new Error('ENOTFOUND')) };

  it('is false for localhost, private and link-local addresses and names that resolve only to them', async () => {
    for (const url of [
      'http://127.0.0.1:8787/a',
      'http://10.0.0.5/a',
      'http://172.20.1.1/a',
      'http://192.168.1.20:9000/a',
      'http://169.254.169.254/a',
      'http://100.100.1.1/a',
      'http://[::1]:8787/a',
      'http://[fd12:3456::1]/a',
      'http://nas.lan:9000/a',
      'http://printer.local/a',
    ]) {
      expect(await isPubliclyReachable(url, policy), url).toBe(false);
    }
  });

  it('is true for public addresses and names, one public address among others, and names it cannot resolve', async () => {
    for (const url of [
      'https://paste.example.com/api/file-view/a',
      'http://8.8.8.8/a',
      'http://172.32.0.1/a',
      'http://split.example.com/a',
      'https://unknown.example/a',
    ]) {
      expect(await isPubliclyReachable(url, policy), url).toBe(true);
    }
  });
});

describe('checkTarget', () => {
  const refusedTarget = async (url: string, policy?: SsrfPolicy) => {
    const err = await checkTarget(new URL(url), policy).catch((e: unknown) => e);
    expect(err, url).toBeInstanceOf(AppError);
    return err as AppError;
  };

  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://[::1]:8080/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.0.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.1.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://224.0.0.251/',
  ])('refuses the address literal %s', async (url) => {
    expect((await refusedTarget(url)).text?.en).toMatch(/private, loopback or reserved/);
  });

  it('refuses other schemes and URLs with credentials', async () => {
    for (const url of ['ftp://example.com/a', 'file:///etc/passwd', 'gopher://example.com/'])
      expect((await refusedTarget(url)).status).toBe(400);
    expect((await refusedTarget('http://user:pw@example.com/')).text?.en).toMatch(/credentials/);
  });

  it('refuses names resolving to a private address, even one among public ones', async () => {
    const resolve = async (host: string) => (host === 'mixed.test' ? ['93.184.216.34', '10.0.0.7'] : ['192.168.7.7']);
    expect((await refusedTarget('http://inner.test/', { resolve })).status).toBe(400);
    expect((await refusedTarget('http://mixed.test/', { resolve })).status).toBe(400);
    expect((await refusedTarget('http://localhost/')).status).toBe(400);
  });

  it('connects to the address it checked', async () => {
    expect(await checkTarget(new URL('http://public.test/'), { resolve: async () => ['93.184.216.34'] })).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });
});

describe('connectionFailure', () => {
  const failure = (code: string | undefined, message = '') =>
    connectionFailure(Object.assign(new Error(message), code ? { code } : {})).en;
  it("names the common failures and never passes Node's text on", () => {
    expect(failure('ECONNRESET')).toBe('the server closed the connection');
    expect(failure(undefined, 'socket hang up')).toBe('the server closed the connection');
    expect(failure('ETIMEDOUT')).toBe('the server did not answer in time');
    expect(failure('EHOSTUNREACH')).toBe('the host cannot be reached');
    expect(failure('ENOTFOUND')).toBe('the host name does not resolve');
    expect(failure('DEPTH_ZERO_SELF_SIGNED_CERT')).toBe('its HTTPS certificate or connection is not valid');
    expect(failure('ERR_TLS_CERT_ALTNAME_INVALID')).toBe('its HTTPS certificate or connection is not valid');
    expect(failure(undefined, 'connect EWHATEVER 10.0.0.1:80')).toBe('the connection failed');
    expect(failure(undefined, '')).toBe('the connection failed');
  });
});

describe('guardedRequest against a loopback fixture', () => {
  let server: Server;
  let port = 0;
  let hits: string[] = [];
  let redirectsClosed = 0;
  const policy: SsrfPolicy = {
    resolve: async (host) => (host === FIXTURE ? ['127.0.0.1'] : ['127.0.0.1']),
    trustedHosts: new Set([FIXTURE]),
  };
  const fixture = (path: string) => `http://${FIXTURE}:${port}${path}`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/file') return res.end('remote body');
      if (url.pathname === '/big') return res.end('x'.repeat(2048));
      if (url.pathname === '/chunked-big') {
        res.write('x'.repeat(1024));
        return res.end('y'.repeat(1024));
      }
      if (url.pathname === '/slow') return; // never answers
      if (url.pathname === '/drip') {
        // A byte every 50 ms: never idle long, never done.
        res.writeHead(200);
        const timer = setInterval(() => res.write('.'), 50);
        res.once('close', () => clearInterval(timer));
        return;
      }
      if (url.pathname === '/endless-redirect') {
        res.writeHead(302, { Location: '/file' });
        const timer = setInterval(() => res.write('x'.repeat(1024)), 5);
        res.once('close', () => {
          clearInterval(timer);
          redirectsClosed += 1;
        });
        return;
      }
      if (url.pathname === '/hop') {
        const n = Number(url.searchParams.get('n'));
        res.writeHead(302, { Location: n > 0 ? `/hop?n=${n - 1}` : '/file' });
        return res.end();
      }
      res.writeHead(302, { Location: url.searchParams.get('to') ?? '/file' });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches from the trusted fixture and follows redirects up to five hops', async () => {
    const res = await guardedRequest(fixture('/hop?n=4'), { maxBytes: 1024 }, policy);
    expect(res.status).toBe(200);
    expect(res.url).toBe(fixture('/file'));
    expect(await text(res.body)).toBe('remote body');
  });

  it('refuses a sixth redirect', async () => {
    await expect(guardedRequest(fixture('/hop?n=5'), { maxBytes: 1024 }, policy)).rejects.toMatchObject({
      status: 400,
      text: { en: expect.stringMatching(/redirects/), zh: '无法获取该 URL：重定向超过 5 次' },
    });
  });

  it.each([
    ['loopback by address', 'http://127.0.0.1:PORT/file'],
    ['loopback by name', 'http://localhost:PORT/file'],
    ['a private address', 'http://10.0.0.1/file'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:PORT/file'],
  ])('refuses a redirect to %s without requesting it', async (_name, target) => {
    hits = [];
    const to = encodeURIComponent(target.replace('PORT', String(port)));
    const err = await guardedRequest(
      fixture(`/redirect?to=${to}`),
      { maxBytes: 1024 },
      { ...policy, resolve: async (host) => (host === FIXTURE ? ['127.0.0.1'] : ['127.0.0.1']) },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400 });
    expect(hits).toEqual([`/redirect?to=${to}`]);
  });

  it('413 when Content-Length or the streamed body exceeds the cap', async () => {
    await expect(guardedRequest(fixture('/big'), { maxBytes: 1000 }, policy)).rejects.toMatchObject({ status: 413 });
    const res = await guardedRequest(fixture('/chunked-big'), { maxBytes: 1500 }, policy);
    await expect(text(res.body)).rejects.toMatchObject({ status: 413 });
  });

  it("a refused connection is said in words, not in Node's socket text", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      guardedRequest(`http://${FIXTURE}:${closedPort}/file`, { maxBytes: 10 }, policy),
    ).rejects.toMatchObject({
      status: 400,
      text: {
        en: 'The URL could not be fetched: the server refused the connection',
        zh: '无法获取该 URL：服务器拒绝连接',
      },
    });
  });

  it('gives up on a body that keeps trickling past the time limit', async () => {
    const res = await guardedRequest(
      fixture('/drip'),
      { maxBytes: 1024, idleTimeoutMs: 1000, bodyTimeoutMs: 300 },
      policy,
    );
    await expect(text(res.body)).rejects.toMatchObject({
      status: 400,
      text: { en: expect.stringMatching(/took too long/) },
    });
  });

  it('does not read the body of a redirect: an endless one does not hold the fetch', async () => {
    const res = await guardedRequest(fixture('/endless-redirect'), { maxBytes: 1024 }, policy);
    expect(await text(res.body)).toBe('remote body');
    // The redirect's connection was closed, not left reading.
    await vi.waitFor(() => expect(redirectsClosed).toBe(1), { timeout: 2000 });
  });

  it('gives up on a server that never answers', async () => {
    await expect(
      guardedRequest(fixture('/slow'), { maxBytes: 10, headersTimeoutMs: 200 }, policy),
    ).rejects.toMatchObject({
      status: 400,
      text: { en: expect.stringMatching(/timed out/), zh: '无法获取该 URL：请求超时' },
    });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../../db/client.js';
import type { SsrfPolicy } from '../../lib/net/ssrf.js';
import { harnessPerTest } from '../../test/per-test.js';

// The fixture listens on loopback, which the guard refuses; only the name `fixture.test` is trusted,
// through the injected policy. Every other name resolves to a documentation address (refused), so no
// test can send traffic anywhere else.
const FIXTURE = 'fixture.test';
/** The same fixture under another name: another origin, for redirects that cross origins. */
const MIRROR = 'mirror.test';
export const policy: SsrfPolicy = {
  resolve: async (host) => (host === FIXTURE || host === MIRROR ? ['127.0.0.1'] : ['192.0.2.1']),
  trustedHosts: new Set([FIXTURE, MIRROR]),
};

let server: Server;
let port = 0;
/** Chunks the `/slow` source has sent so far. */
export let slowWrites = 0;
/** A URL of the fixture. */
export const url = (path: string) => `http://${FIXTURE}:${port}${path}`;
/** The page a browser calls from, in the tests of `corsSupported`. */
export const PAGE = 'https://app.example';

/** Runs the fixture server for the tests of the calling file. */
export function serveFixture(): void {
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/docs/report.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '13' });
        return res.end(req.method === 'HEAD' ? undefined : 'remote report');
      }
      if (path === '/named') {
        res.writeHead(200, {
          'Content-Disposition': "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf",
          'Content-Type': 'application/pdf',
          'Content-Length': '3',
        });
        return res.end(req.method === 'HEAD' ? undefined : 'pdf');
      }
      if (path === '/no-head') {
        if (req.method === 'HEAD') return res.writeHead(405).end();
        res.writeHead(206, { 'Content-Range': 'bytes 0-0/12345', 'Content-Type': 'video/mp4' });
        return res.end('x');
      }
      if (path === '/cors.txt') {
        // Lets one page origin read it, as a bucket's CORS rule would.
        const allowed = req.headers.origin === PAGE ? PAGE : 'https://other.example';
        res.writeHead(200, {
          'Content-Type': 'text/plain',
          'Content-Length': '4',
          'Access-Control-Allow-Origin': allowed,
        });
        return res.end(req.method === 'HEAD' ? undefined : 'cors');
      }
      // Refuses any Origin it does not know, as some servers' CORS filters do.
      if (path === '/picky.txt') {
        if (req.headers.origin) return res.writeHead(403).end('Invalid CORS request');
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '5' });
        return res.end(req.method === 'HEAD' ? undefined : 'picky');
      }
      if (path === '/cors-elsewhere')
        return res.writeHead(302, { Location: `http://${MIRROR}:${port}/cors.txt` }).end();
      if (path === '/silent') return; // Never answers.
      if (path === '/page.html')
        return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
      if (path === '/to-private') return res.writeHead(302, { Location: 'http://10.0.0.1/secret' }).end();
      if (path === '/to-metadata')
        return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/chunked-big') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        for (let i = 0; i < 8; i += 1) res.write(Buffer.alloc(1024, 1));
        return res.end();
      }
      // No length: progress moves every 8 MiB only; this one sends 1 KiB every 20 ms.
      if (path === '/slow-unsized') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        const timer = setInterval(() => res.write(Buffer.alloc(1024, 3)), 20);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (path === '/slow') {
        res.writeHead(200, { 'Content-Length': String(1024 * 1024), 'Content-Type': 'application/octet-stream' });
        const timer = setInterval(() => {
          slowWrites += 1;
          res.write(Buffer.alloc(1024, 2));
        }, 20);
        res.on('close', () => clearInterval(timer));
        return;
      }
      res.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}

/**
 * A URL-upload test file's per-test harness on `dialect`, its URL guard trusting the fixture, and a
 * POST that sends as the admin unless told otherwise.
 */
export function urlUploadHarness(dialect: Dialect) {
  const h = harnessPerTest({ dialect, urlPolicy: policy });
  const post = (path: string, body: unknown, headers = h.actors.admin()) => h.call('POST', path, { headers, body });
  return { h, post };
}

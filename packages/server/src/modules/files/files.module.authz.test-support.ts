import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Permission } from '@driftbox/contract';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { SsrfPolicy } from '../../lib/net/ssrf.js';
import type { CallResult, Harness, Headers } from '../../test/harness.js';
import { parsed, uploadDirect, uploadForm } from './files.test-support.js';
import type { Dialect } from '../../db/client.js';
import { harnessPerTest } from '../../test/per-test.js';
import { lateBound } from '../../test/late-bound.js';

/** Shared set-up of the file-share authorisation tests (files.module.authz*.test.ts). */

// Every name resolves to loopback, trusted through the injected policy: url/fetch reads this fixture only.
const FIXTURE = 'fixture.test';
const policy: SsrfPolicy = { resolve: async () => ['127.0.0.1'], trustedHosts: new Set([FIXTURE]) };
let server: Server;
export let source = '';

/** Serves the source the url/* routes are given, for the tests of the calling file. */
export function serveSource(): void {
  beforeAll(async () => {
    server = createServer((req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '5' })
        .end(req.method === 'HEAD' ? undefined : 'hello'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    source = `http://${FIXTURE}:${(server.address() as AddressInfo).port}/notes.txt`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}

export const HELLO = new TextEncoder().encode('hello');
export const envelope = (code: number, error: string, message: string) => ({
  code,
  success: false,
  data: null,
  error,
  message,
  requestId: expect.any(String),
});
export const notFound = (message: string) => envelope(404, 'NOT_FOUND', message);

/** A route that starts an upload, called with share options (s3_config_id, path) as that route takes them. */
export type Start = (h: Harness, headers: Headers, options: Record<string, string>) => Promise<CallResult>;
export const json =
  (path: string, body: Record<string, unknown>): Start =>
  (h, headers, options) =>
    h.call('POST', path, { headers, body: { ...body, ...options } });

/** Each way an upload starts; url/* take a source URL (only url/fetch reads it). */
export const START_ROUTES: [string, Start][] = [
  [
    'PUT /api/upload-direct/{filename} (query)',
    (h, headers, options) =>
      uploadDirect(h, 'a.txt', 'hello', { headers, query: new URLSearchParams(options).toString() }),
  ],
  ['POST /api/s3/presign', json('/api/s3/presign', { filename: 'a.txt', size: 5 })],
  [
    'POST /api/upload/multipart/init',
    json('/api/upload/multipart/init', { filename: 'a.txt', size: 5, partSize: 5, partCount: 1 }),
  ],
  [
    'POST /api/url/presign',
    (h, headers, options) => json('/api/url/presign', { url: source, size: 5 })(h, headers, options),
  ],
  [
    'POST /api/url/multipart/init',
    (h, headers, options) => json('/api/url/multipart/init', { url: source, size: 5 })(h, headers, options),
  ],
  ['POST /api/url/fetch', (h, headers, options) => json('/api/url/fetch', { url: source })(h, headers, options)],
];

/** The routes that take the `path` option: every start route, plus the form and the X-Path header. */
export const PATH_ROUTES: [string, Start][] = [
  ...START_ROUTES,
  ['POST /api/upload (form field)', (h, headers, options) => uploadForm(h, 'hello', { headers, fields: options })],
  [
    'PUT /api/upload-direct/{filename} (X-Path header)',
    (h, headers, options) =>
      uploadDirect(h, 'a.txt', 'hello', { headers: { ...headers, 'X-Path': options.path ?? '' } }),
  ],
];

/**
 * A harness per test (URL fetches reach the fixture) with an API key `owner` (FILE_SHARE, FILE_MANAGE) made before
 * each test; after it, server-side URL fetches are waited for, so none writes after the harness closed.
 */
export function authzSuite(dialect: Dialect) {
  const h = harnessPerTest({ dialect, urlPolicy: policy });
  let current: { headers: Headers; id: string } | undefined;
  beforeEach(async () => {
    const created = await h.createKey(Permission.FILE_SHARE | Permission.FILE_MANAGE, { name: 'owner' });
    current = { headers: created.headers, id: created.key.id };
  });
  // Registered after the harness, so it runs before the harness closes (after-hooks run in reverse).
  afterEach(async () => {
    await settleFetches();
    current = undefined;
  });

  /** Waits for server-side URL fetches to end, so none writes after the harness closed. */
  async function settleFetches(): Promise<void> {
    for (let i = 0; i < 500; i += 1) {
      const running = await h.db.selectFrom('upload_jobs').select('file_id').where('status', '=', 'running').execute();
      if (running.length === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('a URL fetch did not end');
  }

  const post = (path: string, body: unknown, headers: Headers) => h.call('POST', path, { headers, body });
  const putSigned = async (url: string, headers: Record<string, string> = {}) =>
    parsed(
      await h.app.request(url, {
        method: 'PUT',
        body: HELLO,
        headers: { ...headers, 'Content-Length': String(HELLO.length) },
      }),
    );
  const owner = lateBound(() => current?.headers, 'The owner key');
  const ownerId = (): string => current?.id ?? '';
  return { h, owner, ownerId, post, putSigned, settleFetches };
}

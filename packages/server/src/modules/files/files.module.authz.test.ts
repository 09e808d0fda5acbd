import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ALL_PERMISSIONS,
  Permission,
  type FileDetailDto,
  type FilePresignDto,
  type MultipartInitDto,
  type StorageConfigDto,
} from '@driftbox/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SsrfPolicy } from '../../lib/net/ssrf.js';
import { createHarness, dialects, type CallResult, type Harness, type Headers } from '../../test/harness.js';
import { fileRow, localKeys, parsed, seedFile, uploadDirect, uploadForm } from './files.test-support.js';

/*
 * Authorisation of file shares beyond the route guard. 401 and 403 of every route here are the shared
 * suite's (test/security.routes.test.ts over test/protected-routes.ts); this file covers what the services
 * decide: another creator's shares and uploads (404), storage configs not marked usable by keys (404),
 * and where the bytes may go. `basic_path` is not checked here on purpose: it sandboxes a key in the
 * mount tree (spec §5 "Mount explorer", ARCHITECTURE §1 vfs), while a share's `path` option is a folder
 * inside its storage config's object keys (contract `StorageSubPath`, files.rules `objectKeyFor`); no
 * route of files, url-upload or storage-configs calls `requirePath`.
 */

// Every name resolves to loopback, trusted through the injected policy: url/fetch reads this fixture only.
const FIXTURE = 'fixture.test';
const policy: SsrfPolicy = { resolve: async () => ['127.0.0.1'], trustedHosts: new Set([FIXTURE]) };
let server: Server;
let source = '';

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

const HELLO = new TextEncoder().encode('hello');
const envelope = (code: number, error: string, message: string) => ({
  code,
  success: false,
  data: null,
  error,
  message,
  requestId: expect.any(String),
});
const notFound = (message: string) => envelope(404, 'NOT_FOUND', message);

/** A route that starts an upload, called with share options (s3_config_id, path) as that route takes them. */
type Start = (h: Harness, headers: Headers, options: Record<string, string>) => Promise<CallResult>;
const json =
  (path: string, body: Record<string, unknown>): Start =>
  (h, headers, options) =>
    h.call('POST', path, { headers, body: { ...body, ...options } });

/** Each way an upload starts; url/* take a source URL (only url/fetch reads it). */
const START_ROUTES: [string, Start][] = [
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
const PATH_ROUTES: [string, Start][] = [
  ...START_ROUTES,
  ['POST /api/upload (form field)', (h, headers, options) => uploadForm(h, 'hello', { headers, fields: options })],
  [
    'PUT /api/upload-direct/{filename} (X-Path header)',
    (h, headers, options) =>
      uploadDirect(h, 'a.txt', 'hello', { headers: { ...headers, 'X-Path': options.path ?? '' } }),
  ],
];

describe.each(dialects)('file shares: authorisation beyond the guard (%s)', (dialect) => {
  let h: Harness;
  let owner: Headers;
  let ownerId: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, urlPolicy: policy });
    const created = await h.createKey(Permission.FILE_SHARE, { name: 'owner' });
    owner = created.headers;
    ownerId = created.key.id;
  });
  afterEach(async () => {
    await settleFetches();
    await h.close();
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

  describe("another creator's published share", () => {
    const SHARE_ROUTES: [string, (s: FileDetailDto) => [string, string, unknown?], string][] = [
      ['GET /api/files/{id}', (s) => ['GET', `/api/files/${s.id}`], 'File share not found'],
      ['GET /api/files/{slug}', (s) => ['GET', `/api/files/${s.slug}`], 'File share not found'],
      [
        'PUT /api/files/{id}',
        (s) => [
          'PUT',
          `/api/files/${s.id}`,
          { remark: 'taken over', password: 'hijack', slug: 'hijacked', max_views: 1 },
        ],
        'File share not found',
      ],
      [
        'PUT /api/files/{slug}',
        (s) => [
          'PUT',
          `/api/files/${s.slug}`,
          { remark: 'taken over', password: 'hijack', slug: 'hijacked', max_views: 1 },
        ],
        'File share not found',
      ],
      // url/cancel deletes the caller's own upload by id, published ones included.
      ['POST /api/url/cancel', (s) => ['POST', '/api/url/cancel', { file_id: s.id }], 'Upload not found'],
    ];

    it.each(SHARE_ROUTES)('%s: 404 for another key, and the share is untouched', async (_name, request, message) => {
      const share = await seedFile(h, { headers: owner, query: { slug: 'owned' } });
      const [method, path, body] = request(share);
      const res = await h.call(method, path, { headers: await h.actors.apiKey(Permission.FILE_SHARE), body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound(message));
      expect(await fileRow(h, share.id)).toMatchObject({
        slug: 'owned',
        remark: null,
        password_hash: null,
        max_views: 0,
        status: 'active',
      });
      expect((await parsed(await h.app.request('/api/file-download/owned'))).text).toBe('hello world');
      // The admin manages every share: the 404 above is about ownership, not a broken request.
      expect((await h.call('GET', `/api/files/${share.id}`, { headers: h.actors.admin() })).body.data).toMatchObject({
        id: share.id,
        created_by: `apikey:${ownerId}`,
      });
    });

    it('batch-delete and the list ignore it, even named by id or by creator', async () => {
      const share = await seedFile(h, { headers: owner });
      const other = await h.actors.apiKey(Permission.FILE_SHARE);
      const deleted = await h.call('DELETE', '/api/files/batch-delete', { headers: other, body: { ids: [share.id] } });
      expect(deleted.body.data).toEqual({
        deleted: 0,
        success: 0,
        failed: [{ id: share.id, error: 'File share not found' }],
      });
      expect(await localKeys(h)).toEqual([share.storage_path]);
      const listed = await h.call('GET', `/api/files?created_by=${encodeURIComponent(`apikey:${ownerId}`)}`, {
        headers: other,
      });
      expect(listed.body).toMatchObject({ data: { files: [], pagination: { total: 0 } } });
      expect((await h.call('GET', '/api/files', { headers: owner })).body).toMatchObject({
        data: { files: [expect.objectContaining({ id: share.id })], pagination: { total: 1 } },
      });
    });
  });

  describe("another actor's upload in progress", () => {
    interface Pending {
      file_id: string;
      etag: string;
    }

    /** A presigned upload of the owner whose bytes are stored, waiting for commit. */
    async function presigned(): Promise<Pending> {
      const data = (await post('/api/s3/presign', { filename: 'a.txt', size: 5 }, owner)).body.data as FilePresignDto;
      const put = await putSigned(data.upload_url, data.headers);
      expect(put.status).toBe(200);
      return { file_id: data.file_id, etag: put.headers.get('etag') ?? '' };
    }

    /** A one-part multipart upload of the owner with its part stored, waiting for complete. */
    async function multipart(): Promise<Pending> {
      const data = (
        await post('/api/upload/multipart/init', { filename: 'm.bin', size: 5, partSize: 5, partCount: 1 }, owner)
      ).body.data as MultipartInitDto;
      const put = await putSigned(data.part_urls[0]?.url ?? '');
      expect(put.status).toBe(200);
      return { file_id: data.file_id, etag: put.headers.get('etag') ?? '' };
    }

    const byId = (p: Pending) => ({ file_id: p.file_id });
    const parts = (p: Pending) => ({ file_id: p.file_id, parts: [{ PartNumber: 1, ETag: p.etag }] });
    const UPLOAD_ROUTES: [string, 'presigned' | 'multipart', (p: Pending) => unknown][] = [
      ['/api/s3/commit', 'presigned', byId],
      ['/api/url/commit', 'presigned', byId],
      ['/api/url/cancel', 'presigned', byId],
      ['/api/upload/multipart/list-parts', 'multipart', byId],
      ['/api/upload/multipart/refresh-urls', 'multipart', (p) => ({ file_id: p.file_id, partNumbers: [1] })],
      ['/api/upload/multipart/complete', 'multipart', parts],
      ['/api/upload/multipart/abort', 'multipart', byId],
      ['/api/url/multipart/complete', 'multipart', parts],
      ['/api/url/multipart/abort', 'multipart', byId],
      ['/api/url/cancel', 'multipart', byId],
    ];

    it.each(UPLOAD_ROUTES)(
      'POST %s (%s upload): 404 for another key and for the admin; the owner still finishes it',
      async (path, kind, body) => {
        const pending = kind === 'presigned' ? await presigned() : await multipart();
        for (const intruder of [await h.actors.apiKey(ALL_PERMISSIONS), h.actors.admin()]) {
          const res = await post(path, body(pending), intruder);
          expect(res.status).toBe(404);
          expect(res.body).toEqual(notFound('Upload not found'));
        }
        expect(await fileRow(h, pending.file_id)).toMatchObject({ status: 'pending', created_by: `apikey:${ownerId}` });
        const finish =
          kind === 'presigned'
            ? post('/api/s3/commit', byId(pending), owner)
            : post('/api/upload/multipart/complete', parts(pending), owner);
        expect((await finish).body.data).toMatchObject({ id: pending.file_id, size: 5 });
        expect(await fileRow(h, pending.file_id)).toMatchObject({ status: 'active' });
      },
    );

    it('GET /api/url/fetch/{id}: 404 for the admin too, for a fetch a key started', async () => {
      const started = await post('/api/url/fetch', { url: source }, owner);
      expect(started.status, started.text).toBe(202);
      const fileId = (started.body.data as { file_id: string }).file_id;
      await settleFetches();
      expect((await h.call('GET', `/api/url/fetch/${fileId}`, { headers: h.actors.admin() })).body).toEqual(
        notFound('Upload not found'),
      );
      expect((await h.call('GET', `/api/url/fetch/${fileId}`, { headers: owner })).body.data).toMatchObject({
        status: 'completed',
      });
    });
  });

  describe('storage configs not marked usable by keys', () => {
    const privateConfig = async () =>
      (
        (
          await h.call('POST', '/api/s3-configs', {
            headers: h.actors.admin(),
            body: { name: 'private disk', storage_type: 'LOCAL' },
          })
        ).body.data as StorageConfigDto
      ).id;
    const rowsOn = async (configId: string) =>
      h.db.selectFrom('files').select(['id', 'created_by']).where('storage_config_id', '=', configId).execute();

    it.each(START_ROUTES)(
      '%s: 404 for a key naming one, nothing stored; the admin may use it',
      async (_name, start) => {
        const configId = await privateConfig();
        const res = await start(h, owner, { s3_config_id: configId });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(notFound('Storage config not found'));
        expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
        expect((await (await h.services.storageConfigs.storeFor(configId)).store.list()).objects).toEqual([]);
        const admin = await start(h, h.actors.admin(), { s3_config_id: configId });
        expect([200, 201, 202], admin.text).toContain(admin.status);
        expect(await rowsOn(configId)).toEqual([{ id: expect.any(String), created_by: h.adminActor.id }]);
      },
    );

    it.each(START_ROUTES)(
      '%s: without a config a key gets a usable one, never a private default, and 403 (ask the administrator) once none is usable',
      async (_name, start) => {
        const configId = await privateConfig();
        expect(
          (await h.call('PUT', `/api/s3-configs/${configId}/set-default`, { headers: h.actors.admin() })).status,
        ).toBe(200);
        const res = await start(h, owner, {});
        expect([200, 201, 202], res.text).toContain(res.status);
        expect(await rowsOn('local')).toHaveLength(1);
        await settleFetches();
        expect(
          (await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { is_public: 0 } })).status,
        ).toBe(200);
        const none = await start(h, owner, {});
        expect(none.body).toMatchObject({
          code: 403,
          error: 'FORBIDDEN',
          message: 'No storage is available to this API key: ask the administrator to allow one for API keys',
        });
        const zh = await start(h, { ...owner, 'Accept-Language': 'zh-CN' }, {});
        expect(zh.body).toMatchObject({
          code: 403,
          message: '此 API 密钥没有可用的存储，请联系管理员开放一个存储配置给 API 密钥使用',
        });
        expect(await rowsOn(configId)).toEqual([]);
      },
    );

    it('an upload started while the config was usable is refused and discarded once it is not', async () => {
      const data = (await post('/api/s3/presign', { filename: 'a.txt', size: 5 }, owner)).body.data as FilePresignDto;
      expect((await putSigned(data.upload_url, data.headers)).status).toBe(200);
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { is_public: 0 } });
      expect((await post('/api/s3/commit', { file_id: data.file_id }, owner)).body).toEqual(
        notFound('Storage config not found'),
      );
      expect(await fileRow(h, data.file_id)).toBeUndefined();
      expect(await localKeys(h)).toEqual([]);
    });
  });

  describe('the `path` option stays inside the storage config', () => {
    it.each(PATH_ROUTES)('%s: 400 for a path leaving it, and a folder below it otherwise', async (_name, start) => {
      for (const path of ['../outside', 'a/../../b', '%2e%2e/b', 'a\\b']) {
        const res = await start(h, owner, { path });
        expect(res.body, `${path}: ${res.text}`).toMatchObject({
          code: 400,
          error: 'VALIDATION_FAILED',
          details: [expect.objectContaining({ path: 'path' })],
        });
      }
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
      expect(await localKeys(h)).toEqual([]);
      const ok = await start(h, owner, { path: '/reports//2026/' });
      expect([200, 201, 202], ok.text).toContain(ok.status);
      const [row] = await h.db.selectFrom('files').select('storage_path').execute();
      expect(row?.storage_path).toMatch(/^reports\/2026\/[^/]+$/);
    });
  });

  describe('LOCAL signed URLs: credentials never stand in for a signature', () => {
    const UNSIGNED: [string, string][] = [
      ['GET', '/api/local-storage/local/object?key=a.txt'],
      ['PUT', '/api/local-storage/local/object?key=a.txt'],
      ['PUT', '/api/local-storage/local/part?key=a.txt&uploadId=u&partNumber=1'],
    ];

    it.each(UNSIGNED)(
      '%s %s: 403 for the admin and for a key with every permission; nothing written',
      async (method, path) => {
        await seedFile(h, { name: 'kept.txt' });
        const before = await localKeys(h);
        for (const headers of [h.actors.admin(), await h.actors.apiKey(ALL_PERMISSIONS)]) {
          const res = await parsed(
            await h.app.request(path, {
              method,
              headers: { ...headers, 'Content-Length': '5' },
              ...(method === 'PUT' ? { body: HELLO } : {}),
            }),
          );
          expect(res.status).toBe(403);
          expect(res.body).toEqual(envelope(403, 'FORBIDDEN', 'Invalid or tampered link signature'));
        }
        expect(await localKeys(h)).toEqual(before);
      },
    );
  });
});

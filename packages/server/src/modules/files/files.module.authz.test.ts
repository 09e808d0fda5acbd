import {
  ALL_PERMISSIONS,
  Permission,
  type FileDetailDto,
  type FilePresignDto,
  type MultipartInitDto,
} from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { fileRow, localKeys, parsed, seedFile } from './files.test-support.js';
import { authzSuite, notFound, serveSource, source } from './files.module.authz.test-support.js';

/*
 * Authorisation of file shares beyond the route guard. 401 and 403 of every route here are the shared
 * suite's (test/security.routes.test.ts over test/protected-routes.ts); this file covers what the services
 * decide: another creator's shares and uploads (404), storage configs not marked usable by keys (404),
 * and where the bytes may go. `basic_path` is not checked here on purpose: it sandboxes a key in the
 * mount tree (spec §5 "Mount explorer", ARCHITECTURE §1 vfs), while a share's `path` option is a folder
 * inside its storage config's object keys (contract `StorageSubPath`, files.rules `objectKeyFor`); no
 * route of files, url-upload or storage-configs goes through the vfs's `authorize`.
 */

serveSource();

describe.each(dialects)('file shares: authorisation beyond the guard (%s)', (dialect) => {
  const { h, owner, ownerId: ownerIdOf, post, putSigned, settleFetches } = authzSuite(dialect);
  let ownerId: string;
  beforeEach(() => {
    ownerId = ownerIdOf();
  });

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
      const res = await h.call(method, path, {
        headers: await h.actors.apiKey(Permission.FILE_SHARE | Permission.FILE_MANAGE),
        body,
      });
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
      const other = await h.actors.apiKey(Permission.FILE_SHARE | Permission.FILE_MANAGE);
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
});

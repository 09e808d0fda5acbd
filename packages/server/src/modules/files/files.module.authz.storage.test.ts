import { ALL_PERMISSIONS, type FilePresignDto, type StorageConfigDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { fileRow, localKeys, parsed, seedFile } from './files.test-support.js';
import {
  serveSource,
  HELLO,
  envelope,
  notFound,
  START_ROUTES,
  PATH_ROUTES,
  authzSuite,
} from './files.module.authz.test-support.js';

// Storage configs, the `path` option and LOCAL signed URLs; the header of files.module.authz.test.ts says what this covers.

serveSource();

describe.each(dialects)('file shares: authorisation beyond the guard (%s)', (dialect) => {
  const { h, owner, post, putSigned, settleFetches } = authzSuite(dialect);

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

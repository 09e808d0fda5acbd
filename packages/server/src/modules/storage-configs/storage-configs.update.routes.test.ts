import { DEFAULT_CAPACITY_BYTES, type StorageConfigDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { configCalls, S3_BODY } from './storage-configs.test-support.js';

describe.each(dialects)('storage-configs routes: update, default, delete (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const { admin, created, update } = configCalls(() => h);

  describe('PUT /api/s3-configs/{id}', () => {
    it('updates fields and keeps the credentials when they are absent or empty', async () => {
      const config = await created(S3_BODY);
      const before = await h.db
        .selectFrom('storage_configs')
        .selectAll()
        .where('id', '=', config.id)
        .executeTakeFirstOrThrow();
      h.clock.advance(1000);
      const res = await update(config.id, {
        name: 'renamed',
        bucket_name: 'other',
        access_key_id: '',
        is_public: true,
        total_storage_bytes: null,
      });
      expect(res.body).toMatchObject({ code: 200, message: 'Storage config updated' });
      expect(res.body.data).toMatchObject({
        name: 'renamed',
        bucket_name: 'other',
        is_public: 1,
        access_key_id_masked: '••••1234',
        total_storage_bytes: DEFAULT_CAPACITY_BYTES['Cloudflare R2'],
        updated_at: '2026-01-01T00:00:01.000Z',
      });
      const after = await h.db
        .selectFrom('storage_configs')
        .selectAll()
        .where('id', '=', config.id)
        .executeTakeFirstOrThrow();
      expect(after.access_key_id_enc).toBe(before.access_key_id_enc);
      expect(after.secret_access_key_enc).toBe(before.secret_access_key_enc);
    });

    it('replaces credentials that are given', async () => {
      const config = await created(S3_BODY);
      const res = await update(config.id, { access_key_id: 'NEWKEY549876', secret_access_key: 'new-secret' });
      expect(res.body.data).toMatchObject({ access_key_id_masked: '••••9876', has_credentials: true });
      expect(res.text).not.toContain('new-secret');
    });

    it('refuses S3 fields on a LOCAL config, and an empty endpoint for R2', async () => {
      const local = await update('local', { bucket_name: 'nope' });
      expect(local.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'bucket_name' }] });
      expect((await update('local', { name: 'Disk', total_storage_bytes: 1024 })).body.data).toMatchObject({
        name: 'Disk',
        total_storage_bytes: 1024,
      });
      // Its links' lifetime applies to LOCAL too (direct downloads and upload URLs Driftbox signs itself).
      expect((await update('local', { signature_expires_in: 600 })).body.data).toMatchObject({
        signature_expires_in: 600,
      });
      expect(await created({ name: 'short links', storage_type: 'LOCAL', signature_expires_in: 120 })).toMatchObject({
        signature_expires_in: 120,
      });
      const config = await created(S3_BODY);
      expect((await update(config.id, { endpoint_url: '' })).body).toMatchObject({
        code: 400,
        details: [{ path: 'endpoint_url' }],
      });
    });

    it('400 with nothing to update, 404 for an unknown id, 409 for a taken name', async () => {
      const config = await created(S3_BODY);
      expect((await update(config.id, { storage_type: 'LOCAL' })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
      });
      expect((await update('missing', { name: 'x' })).body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      expect((await update(config.id, { name: 'Local storage' })).body).toMatchObject({
        code: 409,
        error: 'NAME_TAKEN',
      });
    });
  });

  describe('set-default and DELETE', () => {
    it('keeps exactly one default', async () => {
      const config = await created(S3_BODY);
      const res = await h.call('PUT', `/api/s3-configs/${config.id}/set-default`, { headers: admin() });
      expect(res.body).toMatchObject({
        code: 200,
        message: 'Default storage config set',
        data: { id: config.id, is_default: 1 },
      });
      const list = (await h.call('GET', '/api/s3-configs', { headers: admin() })).body.data as StorageConfigDto[];
      expect(list.map((c) => [c.id, c.is_default])).toEqual([
        [config.id, 1],
        ['local', 0],
      ]);
      expect((await h.call('PUT', '/api/s3-configs/missing/set-default', { headers: admin() })).status).toBe(404);
    });

    it('set-default from several admins at once: every call succeeds and one default remains', async () => {
      const a = await created(S3_BODY);
      const b = await created({ ...S3_BODY, name: 'second' });
      for (let round = 0; round < 5; round += 1) {
        const answers = await Promise.all(
          [a.id, b.id, 'local'].map((id) => h.call('PUT', `/api/s3-configs/${id}/set-default`, { headers: admin() })),
        );
        expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
        const list = (await h.call('GET', '/api/s3-configs', { headers: admin() })).body.data as StorageConfigDto[];
        expect(list.filter((c) => c.is_default === 1)).toHaveLength(1);
      }
    });

    it('deletes a config that is not the default, and refuses the default with 409', async () => {
      const config = await created(S3_BODY);
      const refused = await h.call('DELETE', '/api/s3-configs/local', { headers: admin() });
      expect(refused.body).toMatchObject({
        code: 409,
        success: false,
        error: 'CONFLICT',
        message: expect.stringContaining('default'),
      });
      const res = await h.call('DELETE', `/api/s3-configs/${config.id}`, { headers: admin() });
      expect(res.body).toEqual({ code: 200, success: true, message: 'Storage config deleted', data: null });
      expect((await h.call('GET', `/api/s3-configs/${config.id}`, { headers: admin() })).status).toBe(404);
      expect((await h.call('DELETE', `/api/s3-configs/${config.id}`, { headers: admin() })).status).toBe(404);
    });
  });
});

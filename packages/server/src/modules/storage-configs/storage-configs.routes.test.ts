import { DEFAULT_CAPACITY_BYTES, Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects, testCrypto } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { credentialContext } from './storage-configs.input.js';
import { configCalls, S3_BODY } from './storage-configs.test-support.js';

describe.each(dialects)('storage-configs routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const { admin, create, created } = configCalls(() => h);

  describe('a fresh install', () => {
    it('has one LOCAL config, the default, usable by keys', async () => {
      const res = await h.call('GET', '/api/s3-configs', { headers: admin() });
      expect(res.body).toMatchObject({ code: 200, success: true });
      expect(res.body.data).toEqual([
        {
          id: 'local',
          name: 'Local storage',
          storage_type: 'LOCAL',
          provider_type: 'Local',
          is_default: 1,
          is_public: 1,
          total_storage_bytes: null,
          used_bytes: 0,
          endpoint_url: '',
          bucket_name: '',
          region: '',
          path_style: 0,
          default_folder: '',
          custom_host: null,
          signature_expires_in: 3600,
          has_credentials: false,
          access_key_id_masked: null,
          created_by: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          last_used: null,
        },
      ]);
    });
  });

  describe('POST /api/s3-configs', () => {
    it('creates an S3 config with provider defaults, masking the key and never returning the secret', async () => {
      const res = await create(S3_BODY);
      expect(res.body).toMatchObject({ code: 201, success: true, message: 'Storage config created' });
      expect(res.body.data).toEqual({
        id: expect.any(String),
        name: 'r2',
        storage_type: 'S3',
        provider_type: 'Cloudflare R2',
        is_default: 0,
        is_public: 0,
        total_storage_bytes: DEFAULT_CAPACITY_BYTES['Cloudflare R2'],
        used_bytes: 0,
        endpoint_url: 'https://abc123.r2.cloudflarestorage.com',
        bucket_name: 'shares',
        region: '',
        path_style: 0,
        default_folder: '',
        custom_host: null,
        signature_expires_in: 3600,
        has_credentials: true,
        access_key_id_masked: '••••1234',
        created_by: h.adminActor.id,
        created_at: TEST_START,
        updated_at: TEST_START,
        last_used: null,
      });
      expect(res.text).not.toContain(S3_BODY.secret_access_key);
      expect(res.text).not.toContain(S3_BODY.access_key_id);
    });

    it('stores the credentials only as AES-GCM ciphertext bound to the row', async () => {
      const config = await created(S3_BODY);
      const row = await h.db
        .selectFrom('storage_configs')
        .selectAll()
        .where('id', '=', config.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(S3_BODY.secret_access_key);
      expect(JSON.stringify(row)).not.toContain(S3_BODY.access_key_id);
      const box = testCrypto().box;
      expect(box.decrypt(row.secret_access_key_enc ?? '', credentialContext('secret_access_key', config.id))).toBe(
        S3_BODY.secret_access_key,
      );
      expect(() =>
        box.decrypt(row.secret_access_key_enc ?? '', credentialContext('secret_access_key', 'local')),
      ).toThrow();
    });

    it('treats a body without storage_type as S3 (clients of the original product) and takes every field', async () => {
      const config = await created({
        ...S3_BODY,
        provider_type: 'Other S3 Compatible',
        region: 'eu-1',
        path_style: true,
        default_folder: '/uploads//2026/',
        custom_host: 'https://cdn.example.com',
        signature_expires_in: 600,
        total_storage_bytes: 1234,
        is_public: 1,
      });
      expect(config).toMatchObject({
        storage_type: 'S3',
        region: 'eu-1',
        path_style: 1,
        default_folder: 'uploads/2026',
        custom_host: 'https://cdn.example.com',
        signature_expires_in: 600,
        total_storage_bytes: 1234,
        is_public: 1,
      });
    });

    it('creates a LOCAL config from a name alone, and an AWS S3 config without an endpoint', async () => {
      expect(await created({ name: 'second disk', storage_type: 'LOCAL' })).toMatchObject({
        storage_type: 'LOCAL',
        provider_type: 'Local',
        has_credentials: false,
        total_storage_bytes: null,
      });
      expect(
        await created({ ...S3_BODY, name: 'aws', provider_type: 'AWS S3', endpoint_url: '', region: 'eu-west-1' }),
      ).toMatchObject({
        endpoint_url: '',
        total_storage_bytes: DEFAULT_CAPACITY_BYTES['AWS S3'],
      });
      // The original's fifth provider, as its clients send it.
      expect(
        await created({
          ...S3_BODY,
          name: 'oss',
          provider_type: 'Aliyun OSS',
          endpoint_url: 'https://oss-cn-hangzhou.aliyuncs.com',
        }),
      ).toMatchObject({ provider_type: 'Aliyun OSS', total_storage_bytes: DEFAULT_CAPACITY_BYTES['Aliyun OSS'] });
    });

    it.each([
      ['no bucket', { ...S3_BODY, bucket_name: undefined }, 'bucket_name'],
      ['no endpoint for R2', { ...S3_BODY, endpoint_url: '' }, 'endpoint_url'],
      ['an endpoint that is not http(s)', { ...S3_BODY, endpoint_url: 'ftp://example.com' }, 'endpoint_url'],
      ['credentials in the endpoint', { ...S3_BODY, endpoint_url: 'https://user:pw@example.com' }, 'endpoint_url'],
      ['a bucket name with spaces', { ...S3_BODY, bucket_name: 'my bucket' }, 'bucket_name'],
      ['no secret', { ...S3_BODY, secret_access_key: '' }, 'secret_access_key'],
      ['an unknown provider', { ...S3_BODY, provider_type: 'Tencent COS' }, 'provider_type'],
      ['a signature lifetime above 7 days', { ...S3_BODY, signature_expires_in: 700_000 }, 'signature_expires_in'],
      ['a negative capacity', { ...S3_BODY, total_storage_bytes: -1 }, 'total_storage_bytes'],
      ['a default folder with ..', { ...S3_BODY, default_folder: 'a/../b' }, 'default_folder'],
      ['an unknown storage type', { ...S3_BODY, storage_type: 'FTP' }, 'storage_type'],
    ])('400 VALIDATION_FAILED for %s', async (_label, body, field) => {
      const res = await create(body);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null, error: 'VALIDATION_FAILED' });
      expect((res.body.details as { path: string }[]).map((d) => d.path)).toContain(field);
      expect(await h.db.selectFrom('storage_configs').select('id').execute()).toHaveLength(1);
    });

    it('409 NAME_TAKEN for a duplicate name, and ignores fields outside the whitelist', async () => {
      expect((await create({ ...S3_BODY, name: 'Local storage' })).body).toMatchObject({
        code: 409,
        error: 'NAME_TAKEN',
      });
      const config = await created({
        ...S3_BODY,
        id: 'chosen',
        is_default: 1,
        created_by: 'someone',
        access_key_id_enc: 'x',
      });
      expect(config).toMatchObject({ is_default: 0, created_by: h.adminActor.id, has_credentials: true });
      expect(config.id).not.toBe('chosen');
    });
  });

  describe('GET as an API key with FILE_SHARE', () => {
    it('lists only configs usable by keys, without endpoint, bucket or credentials', async () => {
      const hidden = await created(S3_BODY);
      const shared = await created({ ...S3_BODY, name: 'shared', is_public: 1 });
      const headers = await h.actors.apiKey(Permission.FILE_SHARE);
      const res = await h.call('GET', '/api/s3-configs', { headers });
      const list = res.body.data as Record<string, unknown>[];
      expect(list.map((c) => c.id)).toEqual(['local', shared.id]);
      expect(list[1]).toEqual({
        id: shared.id,
        name: 'shared',
        storage_type: 'S3',
        provider_type: 'Cloudflare R2',
        is_default: 0,
        is_public: 1,
        total_storage_bytes: DEFAULT_CAPACITY_BYTES['Cloudflare R2'],
        used_bytes: 0,
      });
      expect(res.text).not.toContain('r2.cloudflarestorage.com');
      expect(res.text).not.toContain('••••');
      expect((await h.call('GET', `/api/s3-configs/${shared.id}`, { headers })).body.data).toEqual(list[1]);
      const other = await h.call('GET', `/api/s3-configs/${hidden.id}`, { headers });
      expect(other.body).toMatchObject({ code: 404, error: 'NOT_FOUND', message: 'Storage config not found' });
    });
  });
});

import type { BackupPreviewDto, BackupRestoreResultDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/crypto/secret-box.js';
import { createHarness, dialects, TEST_SECRET, type Harness } from '../../test/harness.js';
import { credentialContext } from '../storage-configs/storage-configs.input.js';
import { openLegacyCredential } from './backup.legacy-storage.js';
import { ORIGINAL_SECRET, ORIGINAL_VERSIONS, originalExpected, sendOriginal } from './backup.original.test-support.js';

describe('the original\'s "encrypted" credentials', () => {
  const sealed = 'encrypted:45x3eMTFrfFdhwqBqdPbKO86BslZPIRzB/NEf/I9T0M=:YmttaW5pb2FkbWlu';
  it('open only with the ENCRYPTION_SECRET that made them', () => {
    expect(openLegacyCredential(sealed, ORIGINAL_SECRET)).toBe('bkminioadmin');
    expect(openLegacyCredential(sealed, 'another')).toBe('wrong');
    expect(openLegacyCredential(sealed, null)).toBe('missing');
    expect(openLegacyCredential('stored-in-clear', null)).toBe('stored-in-clear');
  });
});

describe.each(dialects)("the original's storage_configs (%s)", (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const box = createSecretBox(TEST_SECRET);
  const credentials = async (id: string) => {
    const row = await h.db.selectFrom('storage_configs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const open = (column: 'access_key_id' | 'secret_access_key') => {
      const value = row[`${column}_enc`];
      return value === null ? null : box.decrypt(value, credentialContext(column, id));
    };
    return { row, access_key_id: open('access_key_id'), secret_access_key: open('secret_access_key') };
  };

  it.each(ORIGINAL_VERSIONS)(
    '%s: imports both configs with their secrets re-encrypted, and the files and mount on them',
    async (version) => {
      const expected = originalExpected(version);
      const res = await sendOriginal(h, 'restore', version, 'overwrite');
      expect(res.status, res.text).toBe(200);
      const result = res.body.data as BackupRestoreResultDto;
      expect(result.tables.storage_configs).toMatchObject({ rows: 2, insert: 2 });
      expect(result.tables.files).toMatchObject({ rows: 2, insert: 2 });
      expect(result.tables.storage_mounts).toMatchObject({ rows: 1, insert: 1 });
      expect(result.skipped.filter((s) => s.table === 'storage_configs')).toEqual([]);
      for (const config of [expected.s3.fake, expected.s3.minio]) {
        const got = await credentials(config.id);
        expect(got.access_key_id).toBe(config.access_key_id);
        expect(got.secret_access_key).toBe(config.secret_access_key);
      }
      const minio = await credentials(expected.s3.minio.id);
      expect(minio.row).toMatchObject({
        name: 'MinIO local',
        storage_type: 'S3',
        endpoint_url: 'http://127.0.0.1:9100',
        bucket_name: 'bk-bucket',
        path_style: 1,
        is_public: 1,
        is_default: 1,
      });
      const mount = await h.db.selectFrom('storage_mounts').selectAll().executeTakeFirstOrThrow();
      expect(mount).toMatchObject({ mount_path: '/fake', storage_config_id: expected.s3.fake.id });
    },
  );

  it('without the secret the configs import without credentials, and the preview says so', async () => {
    const res = await sendOriginal(h, 'preview', 'v1.9.1', 'merge', null);
    expect(res.status, res.text).toBe(200);
    const preview = res.body.data as BackupPreviewDto;
    expect(preview.tables.storage_configs).toMatchObject({ rows: 2, insert: 2 });
    expect(preview.skipped).toContainEqual({
      table: 'storage_configs',
      rows: 2,
      reason: expect.stringContaining('ENCRYPTION_SECRET'),
    });
    const restored = await sendOriginal(h, 'restore', 'v1.9.1', 'merge', null);
    expect(restored.status, restored.text).toBe(200);
    const minio = await credentials(originalExpected('v1.9.1').s3.minio.id);
    expect([minio.access_key_id, minio.secret_access_key]).toEqual([null, null]);
  });

  it('a wrong secret refuses the file and names the field; nothing is written', async () => {
    const res = await sendOriginal(h, 'restore', 'v0.8.9.1', 'overwrite', 'not-the-secret');
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain('legacy_encryption_secret');
    const ids = await h.db.selectFrom('storage_configs').select('id').execute();
    expect(ids).toEqual([{ id: 'local' }]);
  });
});

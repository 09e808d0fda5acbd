import type {
  BackupPreviewDto,
  BackupRestoreResultDto,
  PasteUnlockedDto,
  SettingDto,
  StorageConfigDto,
} from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/crypto/secret-box.js';
import { createHarness, dialects, TEST_SECRET, testPasswords, type Harness } from '../../test/harness.js';
import { pasteRow } from '../pastes/pastes.test-support.js';
import { credentialContext } from '../storage-configs/storage-configs.input.js';
import { canonicalJson, sha256Text } from './backup.format.js';
import { legacyFixture, sendBackup, type BackupFileJson } from './backup.test-support.js';

describe.each(dialects)("importing the original product's backup (%s)", (dialect) => {
  let h: Harness;
  let file: BackupFileJson;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    file = legacyFixture();
  });
  afterEach(async () => {
    await h.close();
  });

  const restore = async (mode: 'overwrite' | 'merge' = 'overwrite') => {
    const res = await sendBackup(h, 'restore', file, mode);
    expect(res.status, res.text).toBe(200);
    return res.body.data as BackupRestoreResultDto;
  };

  it('previews the import: what maps onto Driftbox, and what is skipped and why', async () => {
    const res = await sendBackup(h, 'preview', file, 'merge');
    expect(res.status, res.text).toBe(200);
    const preview = res.body.data as BackupPreviewDto;
    expect(preview).toMatchObject({
      source: 'cloudpaste',
      mode: 'merge',
      backup_info: { version: '1.0', backup_type: 'full', timestamp: '2025-06-01T08:00:00.000Z' },
    });
    expect(preview.tables).toEqual({
      // A fresh server's settings still hold their seeded defaults: merge takes the backup's values.
      settings: { rows: 3, insert: 0, update: 3, unchanged: 0, skip: 0, delete: 0 },
      storage_configs: { rows: 2, insert: 2, update: 0, unchanged: 0, skip: 0, delete: 0 },
      api_keys: { rows: 2, insert: 2, update: 0, unchanged: 0, skip: 0, delete: 0 },
      pastes: { rows: 3, insert: 3, update: 0, unchanged: 0, skip: 0, delete: 0 },
      files: { rows: 1, insert: 1, update: 0, unchanged: 0, skip: 0, delete: 0 },
      storage_mounts: { rows: 1, insert: 1, update: 0, unchanged: 0, skip: 0, delete: 0 },
    });
    expect(preview.settings_changes).toContainEqual({ key: 'site_title', from: 'Driftbox', to: 'My CloudPaste' });
    expect(preview.settings_changes).toContainEqual({ key: 'max_upload_size', from: '100', to: '200' });
    expect(preview.skipped.map((s) => [s.table, s.rows])).toEqual([
      ['system_settings.proxy_sign_expires', 1],
      ['system_settings.schema_version', 1],
      ['admins', 1],
      ['admin_tokens', 1],
    ]);
    expect(await h.db.selectFrom('pastes').selectAll().execute()).toEqual([]);
  });

  it('a paste with an unsalted SHA-256 password opens with it once imported, and is re-hashed with scrypt', async () => {
    await restore();
    const imported = await pasteRow(h, 'legacy-sha');
    expect(imported.password_hash).toMatch(/^legacy-sha256\$[0-9a-f]{64}$/);
    expect((await h.call('POST', '/api/paste/legacy-sha', { body: { password: 'wrong' } })).status).toBe(401);
    expect((await pasteRow(h, 'legacy-sha')).password_hash).toBe(imported.password_hash);

    const res = await h.call('POST', '/api/paste/legacy-sha', { body: { password: 'open sesame' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data as PasteUnlockedDto).toMatchObject({
      content: '# Notes\n\nProtected by an old SHA-256 password.',
      views: 4,
    });
    const rehashed = await pasteRow(h, 'legacy-sha');
    expect(rehashed.password_hash).toMatch(/^scrypt\$/);
    // Same password, so the version (and access tokens issued for it) stays.
    expect(rehashed.password_version).toBe(imported.password_version);
    expect((await h.call('POST', '/api/paste/legacy-sha', { body: { password: 'open sesame' } })).status).toBe(200);
    expect((await h.call('GET', '/api/raw/legacy-sha?password=open%20sesame')).text).toContain('Protected by an old');
  });

  it('plaintext share passwords are hashed, never stored; timestamps and ownership are normalised', async () => {
    await restore();
    const row = await pasteRow(h, 'legacy-plain');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(await h.db.selectFrom('pastes').selectAll().execute())).not.toContain('plain pass');
    expect((await h.call('POST', '/api/paste/legacy-plain', { body: { password: 'plain pass' } })).status).toBe(200);
    expect(row).toMatchObject({
      created_by: 'apikey:key-legacy-1',
      created_at: '2025-04-01T08:30:00.000Z',
      updated_at: '2025-04-01T08:30:00.000Z',
      expires_at: '2099-01-01T00:00:00.000Z',
      max_views: 10,
    });
    expect(await pasteRow(h, 'legacy-sha')).toMatchObject({
      created_by: h.adminActor.id,
      created_at: '2025-03-01T10:00:00.000Z',
      updated_at: '2025-03-01T10:05:00.000Z',
    });
    expect(await pasteRow(h, 'legacy-public')).toMatchObject({ password_hash: null, max_views: 0, remark: '公开' });
    expect((await h.call('GET', '/api/paste/legacy-public')).body.data).toMatchObject({
      content: 'hello from CloudPaste',
    });
  });

  it('its file shares keep their objects in the imported config; plaintext file passwords are hashed', async () => {
    await restore();
    const file = await h.db.selectFrom('files').selectAll().where('slug', '=', 'report').executeTakeFirstOrThrow();
    expect(file).toMatchObject({
      id: 'file-legacy-1',
      storage_config_id: 's3-legacy-r2',
      storage_path: 'uploads/report.pdf',
      mimetype: 'application/pdf',
      status: 'active',
      created_by: h.adminActor.id,
      created_at: '2025-05-02T00:00:00.000Z',
      upload_id: null,
      password_version: 0,
    });
    expect(Number(file.size)).toBe(12345);
    expect(file.password_hash).toMatch(/^scrypt\$/);
    expect(await testPasswords.verify('file pass', file.password_hash ?? '')).toBe(true);
  });

  it('a file share with only a SHA-256 password opens with it and is re-hashed', async () => {
    // The same file without the plaintext copies, as the original kept for older shares.
    delete file.data.file_passwords;
    delete file.metadata.tables.file_passwords;
    file = { ...file, metadata: { ...file.metadata, checksum: sha256Text(canonicalJson(file.data)).slice(0, 16) } };
    await restore();
    const imported = await h.db
      .selectFrom('files')
      .select('password_hash')
      .where('slug', '=', 'report')
      .executeTakeFirstOrThrow();
    expect(imported.password_hash).toMatch(/^legacy-sha256\$/);
    expect((await h.call('POST', '/api/public/files/report/verify', { body: { password: 'wrong' } })).status).toBe(401);
    const res = await h.call('POST', '/api/public/files/report/verify', { body: { password: 'file pass' } });
    expect(res.status, res.text).toBe(200);
    const after = await h.db
      .selectFrom('files')
      .select(['password_hash', 'password_version'])
      .where('slug', '=', 'report')
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ password_hash: expect.stringMatching(/^scrypt\$/), password_version: 0 });
    expect(await testPasswords.verify('file pass', after.password_hash ?? '')).toBe(true);
  });

  it("its S3 credentials decrypt into Driftbox configs encrypted with this server's key", async () => {
    await restore();
    const box = createSecretBox(TEST_SECRET);
    const r2 = await h.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('id', '=', 's3-legacy-r2')
      .executeTakeFirstOrThrow();
    expect(box.decrypt(r2.access_key_id_enc ?? '', credentialContext('access_key_id', r2.id))).toBe('AKIALEGACYR2KEY');
    expect(box.decrypt(r2.secret_access_key_enc ?? '', credentialContext('secret_access_key', r2.id))).toBe(
      'legacy/Secret+Key==',
    );
    expect(r2).toMatchObject({
      storage_type: 'S3',
      provider_type: 'Cloudflare R2',
      endpoint_url: 'https://0123abcd.r2.cloudflarestorage.com',
      default_folder: 'uploads',
      is_default: 1,
      custom_host: null,
      created_by: h.adminActor.id,
    });
    const oss = await h.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('id', '=', 's3-legacy-oss')
      .executeTakeFirstOrThrow();
    expect(box.decrypt(oss.secret_access_key_enc ?? '', credentialContext('secret_access_key', oss.id))).toBe(
      'plain-secret',
    );
    // A duplicate name gets a number, an unknown provider becomes "Other", only one default remains.
    expect(oss).toMatchObject({
      name: 'My R2 (2)',
      provider_type: 'Aliyun OSS',
      is_default: 0,
      signature_expires_in: 60,
      path_style: 1,
    });
    const listed = await h.call('GET', '/api/s3-configs/s3-legacy-r2', { headers: h.actors.admin() });
    expect(listed.body.data as StorageConfigDto).toMatchObject({
      has_credentials: true,
      access_key_id_masked: '••••2KEY',
    });
  });

  it('its API keys work as ApiKey headers with the same bits; 9999-12-31 means never', async () => {
    const result = await restore();
    expect(result.tables.api_keys).toMatchObject({ insert: 2 });
    const stored = await h.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', 'key-legacy-1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      key_prefix: 'Legacy',
      last_used: '2025-05-01T12:00:00.000Z',
      expires_at: null,
      // 1|2|256 of a backup before the share/manage split: its share bits bring their manage bits (4, 8).
      permissions: 271,
    });
    expect(JSON.stringify(stored)).not.toContain('LegacyKey123');
    const res = await h.call('GET', '/api/test/api-key', { headers: { Authorization: 'ApiKey LegacyKey123' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'migrated key',
      permissions: {
        text: true,
        file: true,
        text_manage: true,
        file_manage: true,
        mount_view: true,
        mount_upload: false,
      },
      key_info: { id: 'key-legacy-1', expires_at: null, role: 'GENERAL' },
    });
    // The key's own pastes are still its own.
    const mine = await h.call('GET', '/api/pastes', { headers: { 'X-Custom-Auth-Key': 'LegacyKey123' } });
    expect((mine.body.data as { slug: string }[]).map((p) => p.slug)).toEqual(['legacy-plain']);
    const guest = await h.call('GET', '/api/test/api-key', { headers: { Authorization: 'ApiKey GuestKey-456' } });
    expect(guest.body.data).toMatchObject({
      basic_path: '/photos',
      key_info: { expires_at: '2030-01-01T00:00:00.000Z', is_guest: 1 },
    });
  });

  it('its settings replace Driftbox values where Driftbox has them and accepts the value', async () => {
    await restore();
    const res = await h.call('GET', '/api/admin/settings?group=1', { headers: h.actors.admin() });
    const values = Object.fromEntries((res.body.data as SettingDto[]).map((s) => [s.key, s.value]));
    expect(values).toMatchObject({ max_upload_size: '200', proxy_sign_expires: '3600' });
    const site = await h.call('GET', '/api/admin/settings?group=4');
    expect(site.text).toContain('My CloudPaste');
    expect(
      await h.db.selectFrom('settings').select('key').where('key', '=', 'schema_version').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('merge keeps what Driftbox already has; a changed file fails its 16-digit checksum', async () => {
    const first = await restore('merge');
    // Every setting has a seeded row in Driftbox still at its default, so merge takes the file's values.
    expect(first.tables.settings).toMatchObject({ insert: 0, update: 3, skip: 0 });
    expect(first.total_records).toBe(3 + 2 + 2 + 3 + 1 + 1);
    const again = await restore('merge');
    // Now they hold the backup's values: unchanged.
    expect(again.tables.settings).toMatchObject({ update: 0, unchanged: 3 });
    expect(again.settings_changes).toEqual([]);
    expect(again.tables.pastes).toMatchObject({ insert: 0 });
    expect(again.tables.api_keys).toMatchObject({ insert: 0, skip: 2 });

    const tampered = structuredClone(file);
    (tampered.data.pastes?.[0] as Record<string, unknown>).content = 'edited';
    const res = await sendBackup(h, 'restore', tampered, 'overwrite');
    expect(res.body).toMatchObject({ code: 400, error: 'BACKUP_CHECKSUM' });
  });
});

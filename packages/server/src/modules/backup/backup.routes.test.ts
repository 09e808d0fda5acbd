import {
  APP_VERSION,
  type BackupModulesDto,
  type BackupPreviewDto,
  type BackupRestoreResultDto,
} from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { seedPaste } from '../pastes/pastes.test-support.js';
import { canonicalJson, sha256Text } from './backup.format.js';
import { downloadBackup, sendBackup, seedEverything, snapshot } from './backup.test-support.js';

describe.each(dialects)('backup routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  beforeEach(async () => {
    await seedEverything(h);
  });

  it('GET /admin/backup/modules lists the modules with row counts, in the caller language', async () => {
    const res = await h.call('GET', '/api/admin/backup/modules', {
      headers: { ...h.actors.admin(), 'Accept-Language': 'zh-CN' },
    });
    expect(res.status).toBe(200);
    const { modules } = res.body.data as BackupModulesDto;
    expect(Object.keys(modules)).toEqual([
      'text_management',
      'file_management',
      'storage',
      'mount_management',
      'key_management',
      'system_settings',
    ]);
    expect(modules.file_management).toMatchObject({ tables: ['files'], record_count: 1 });
    expect(modules.text_management).toEqual({
      name: '文本管理',
      description: expect.any(String),
      tables: ['pastes'],
      table_counts: { pastes: 2 },
      record_count: 2,
    });
    expect(modules.storage?.table_counts).toEqual({ storage_configs: 2 });
    expect(modules.key_management?.record_count).toBe(2);
    expect(modules.mount_management).toMatchObject({ name: '挂载管理', table_counts: { storage_mounts: 1 } });
  });

  it('POST /admin/backup/create downloads a full backup: metadata, checksum, no sessions or accounts', async () => {
    const res = await h.call('POST', '/api/admin/backup/create', {
      headers: h.actors.admin(),
      body: { backup_type: 'full' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="driftbox-backup-2026-01-01T00-00-00Z.json"',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const file = JSON.parse(res.text) as { metadata: Record<string, unknown>; data: Record<string, unknown[]> };
    expect(file.metadata).toEqual({
      format: 'driftbox-backup',
      version: 1,
      app_version: APP_VERSION,
      timestamp: TEST_START,
      backup_type: 'full',
      selected_modules: null,
      tables: {
        api_keys: 2,
        files: 1,
        pastes: 2,
        settings: expect.any(Number),
        storage_configs: 2,
        storage_mounts: 1,
      },
      total_records: expect.any(Number),
      contains_secrets: true,
      warning: expect.stringContaining('ENCRYPTION_SECRET'),
      checksum: sha256Text(canonicalJson(file.data)),
    });
    expect(Object.keys(file.data)).toEqual([
      'api_keys',
      'files',
      'pastes',
      'settings',
      'storage_configs',
      'storage_mounts',
    ]);
    const admin = await h.db.selectFrom('admins').select('password_hash').executeTakeFirstOrThrow();
    expect(res.text).not.toContain(admin.password_hash);
    // Credentials only as ciphertext, paste passwords only as hashes.
    expect(res.text).not.toContain('AKIAEXAMPLE1234');
    expect(res.text).not.toContain('pw-1');
  });

  it('a module backup holds only the chosen modules; none chosen is 400', async () => {
    const file = await downloadBackup(h, {
      backup_type: 'modules',
      selected_modules: ['text_management', 'system_settings'],
    });
    expect(file.metadata.selected_modules).toEqual(['text_management', 'system_settings']);
    expect(Object.keys(file.data)).toEqual(['pastes', 'settings']);
    const none = await h.call('POST', '/api/admin/backup/create', {
      headers: h.actors.admin(),
      body: { backup_type: 'modules', selected_modules: [] },
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'selected_modules' }] });
    const unknown = await h.call('POST', '/api/admin/backup/create', {
      headers: h.actors.admin(),
      body: { backup_type: 'modules', selected_modules: ['task_management'] },
    });
    expect(unknown.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    // The original's name of the storage module still works.
    const storage = await downloadBackup(h, { backup_type: 'modules', selected_modules: ['storage_config'] });
    expect(storage.metadata.selected_modules).toEqual(['storage']);
  });

  it('backup, delete a paste and change things, overwrite restore: the data is identical again', async () => {
    const before = await snapshot(h);
    const file = await downloadBackup(h);
    await h.call('DELETE', '/api/pastes/batch-delete', {
      headers: h.actors.admin(),
      body: { ids: [(before.pastes?.[0] as { id: string }).id] },
    });
    await seedPaste(h, { slug: 'after-backup' });
    await h.call('PUT', '/api/admin/settings/group/4', { headers: h.actors.admin(), body: { site_title: 'After' } });
    await h.createKey(1, { name: 'later' });
    await h.db.deleteFrom('files').execute();

    const res = await sendBackup(h, 'restore', file, 'overwrite');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, message: 'Backup restored' });
    const result = res.body.data as BackupRestoreResultDto;
    expect(result.tables.pastes).toEqual({ rows: 2, insert: 1, update: 0, unchanged: 1, skip: 0, delete: 1 });
    expect(result.tables.api_keys).toMatchObject({ rows: 2, insert: 0, unchanged: 2, delete: 1 });
    expect(result.tables.settings).toMatchObject({ update: 1 });
    expect(result.results.pastes).toEqual({ success: 2, ignored: 0, failed: 0, expected: 2 });
    expect(result.tables.files).toEqual({ rows: 1, insert: 1, update: 0, unchanged: 0, skip: 0, delete: 0 });
    expect(await snapshot(h)).toEqual(before);
    // The settings cache was dropped: the restored title is served at once.
    const site = await h.call('GET', '/api/admin/settings?group=4');
    expect(site.text).toContain('"Before"');
  });

  it('preview reports what a restore would change and changes nothing', async () => {
    const file = await downloadBackup(h);
    await seedPaste(h, { slug: 'extra' });
    const before = await snapshot(h);
    const res = await sendBackup(h, 'preview', file, 'overwrite');
    expect(res.status, res.text).toBe(200);
    const preview = res.body.data as BackupPreviewDto;
    expect(preview).toMatchObject({
      source: 'driftbox',
      mode: 'overwrite',
      backup_info: { backup_type: 'full', timestamp: TEST_START, version: '1' },
      skipped: [],
    });
    expect(preview.tables.pastes).toEqual({ rows: 2, insert: 0, update: 0, unchanged: 2, skip: 0, delete: 1 });
    const merge = (await sendBackup(h, 'preview', file, 'merge')).body.data as BackupPreviewDto;
    expect(merge.tables.pastes).toEqual({ rows: 2, insert: 0, update: 0, unchanged: 2, skip: 0, delete: 0 });
    // The bare file as the body (curl --data-binary @file), even with a byte-order mark, mode in the query.
    const bare = await h.call('POST', '/api/admin/backup/preview?mode=merge', {
      headers: h.actors.admin(),
      body: `\uFEFF${JSON.stringify(file)}`,
    });
    expect(bare.body.data).toEqual(merge);
    expect(await snapshot(h)).toEqual(before);
  });

  it('merge keeps existing rows, adds the missing ones and skips slug or name conflicts', async () => {
    const file = await downloadBackup(h);
    const first = await h.db.selectFrom('pastes').selectAll().where('slug', '=', 'first').executeTakeFirstOrThrow();
    await h.call('DELETE', '/api/pastes/batch-delete', { headers: h.actors.admin(), body: { ids: [first.id] } });
    await h.db.updateTable('pastes').set({ content: 'edited after the backup' }).where('slug', '=', 'second').execute();
    // A new paste takes the deleted one's slug, and a new key the name of a backed-up one.
    await seedPaste(h, { slug: 'first', content: 'newer paste on the old slug' });
    const writer = await h.db.selectFrom('api_keys').selectAll().where('name', '=', 'writer').executeTakeFirstOrThrow();
    await h.db.deleteFrom('api_keys').where('id', '=', writer.id).execute();
    await h.createKey(1, { name: 'writer' });

    const res = await sendBackup(h, 'restore', file, 'merge');
    expect(res.status, res.text).toBe(200);
    const result = res.body.data as BackupRestoreResultDto;
    expect(result.tables.pastes).toEqual({ rows: 2, insert: 0, update: 0, unchanged: 0, skip: 2, delete: 0 });
    expect(result.tables.api_keys).toMatchObject({ insert: 0, unchanged: 1, skip: 1 });
    const pastes = await h.db.selectFrom('pastes').select(['slug', 'content']).orderBy('slug').execute();
    expect(pastes).toEqual([
      { slug: 'first', content: 'newer paste on the old slug' },
      { slug: 'second', content: 'edited after the backup' },
    ]);

    await h.db.deleteFrom('pastes').where('slug', '=', 'first').execute();
    const again = (await sendBackup(h, 'restore', file, 'merge')).body.data as BackupRestoreResultDto;
    expect(again.tables.pastes).toMatchObject({ insert: 1, skip: 1 });
    expect(await h.db.selectFrom('pastes').selectAll().where('slug', '=', 'first').executeTakeFirst()).toEqual(first);
  });

  it('merge keeps the current default storage config; overwrite restores the backed-up one', async () => {
    const file = await downloadBackup(h, { backup_type: 'modules', selected_modules: ['storage'] });
    const r2 = await h.db.selectFrom('storage_configs').select('id').where('name', '=', 'r2').executeTakeFirstOrThrow();
    await h.call('PUT', `/api/s3-configs/${r2.id}/set-default`, { headers: h.actors.admin() });
    await h.db.deleteFrom('storage_configs').where('id', '=', 'local').execute();
    expect((await sendBackup(h, 'restore', file, 'merge')).status).toBe(200);
    const defaults = await h.db.selectFrom('storage_configs').select(['id', 'is_default']).orderBy('id').execute();
    expect(defaults).toEqual(
      expect.arrayContaining([
        { id: 'local', is_default: 0 },
        { id: r2.id, is_default: 1 },
      ]),
    );
    expect((await sendBackup(h, 'restore', file, 'overwrite')).status).toBe(200);
    expect(await h.db.selectFrom('storage_configs').select('id').where('is_default', '=', 1).execute()).toEqual([
      { id: 'local' },
    ]);
  });
  it('a restore that would leave shares without their storage config is refused whole (409), changing nothing', async () => {
    const file = await downloadBackup(h, { backup_type: 'modules', selected_modules: ['storage'] });
    // A share made after the backup, on a config created after it too: overwrite would delete that config.
    const late = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name: 'late disk', storage_type: 'LOCAL' },
    });
    const lateId = (late.body.data as { id: string }).id;
    await h.db.updateTable('files').set({ storage_config_id: lateId }).where('id', '=', 'file-1').execute();
    const before = await snapshot(h);
    const res = await sendBackup(h, 'restore', file, 'overwrite');
    expect(res.body).toMatchObject({ code: 409, error: 'CONFLICT' });
    expect(await snapshot(h)).toEqual(before);
  });

  it('a restore that would leave mounts without their storage config is refused whole (409), changing nothing', async () => {
    const file = await downloadBackup(h, { backup_type: 'modules', selected_modules: ['storage'] });
    const late = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name: 'late disk', storage_type: 'LOCAL' },
    });
    const lateId = (late.body.data as { id: string }).id;
    await h.call('POST', '/api/admin/mounts', {
      headers: h.actors.admin(),
      body: { name: 'late', mount_path: '/late', storage_config_id: lateId },
    });
    const before = await snapshot(h);
    const res = await sendBackup(h, 'restore', file, 'overwrite');
    expect(res.body).toMatchObject({ code: 409, error: 'CONFLICT' });
    expect(await snapshot(h)).toEqual(before);
    // Mounts alone round-trip: deleted, then restored as they were.
    const mounts = await downloadBackup(h, { backup_type: 'modules', selected_modules: ['mount_management'] });
    expect(Object.keys(mounts.data)).toEqual(['storage_mounts']);
    await h.db.deleteFrom('storage_mounts').execute();
    expect((await sendBackup(h, 'restore', mounts, 'merge')).status).toBe(200);
    expect(await snapshot(h)).toEqual(before);
  });
});

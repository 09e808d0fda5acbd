import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/crypto/secret-box.js';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { KEY_CONTEXT } from '../api-keys/api-keys.service.js';
import {
  downloadBackup,
  resealed,
  sendBackup,
  seedEverything,
  snapshot,
  type BackupFileJson,
} from './backup.test-support.js';

describe.each(dialects)('backup restore refusals (%s)', (dialect) => {
  let h: Harness;
  let file: BackupFileJson;
  let text: string;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    await seedEverything(h);
    file = await downloadBackup(h);
    text = JSON.stringify(file);
    // Something to lose: an overwrite that went through would delete this paste.
    await h.db.deleteFrom('pastes').where('slug', '=', 'first').execute();
  });
  afterEach(async () => {
    await h.close();
  });

  const multipart = (content: string, mode = 'overwrite') => {
    const form = new FormData();
    form.append('backup_file', new Blob([content], { type: 'application/json' }), 'backup.json');
    form.append('mode', mode);
    return h.app.request('/api/admin/backup/restore', { method: 'POST', headers: h.actors.admin(), body: form });
  };

  /** Sends `backup`, expects a 400 with `error`, and that nothing changed. */
  const refused = async (backup: unknown, error: string) => {
    const before = await snapshot(h);
    for (const action of ['preview', 'restore'] as const) {
      const res = await sendBackup(h, action, backup, 'overwrite');
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null, error });
    }
    expect(await snapshot(h)).toEqual(before);
  };

  it('a truncated file is BACKUP_INVALID (multipart upload) and changes nothing', async () => {
    const before = await snapshot(h);
    const res = await multipart(text.slice(0, Math.floor(text.length / 2)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 400,
      error: 'BACKUP_INVALID',
      message: 'The backup file is not valid JSON (is it complete?)',
    });
    expect(await snapshot(h)).toEqual(before);
    // The same file complete goes through the same route.
    expect((await multipart(text)).status).toBe(200);
    expect(await h.db.selectFrom('pastes').select('slug').where('slug', '=', 'first').executeTakeFirst()).toEqual({
      slug: 'first',
    });
  });

  it('a file whose data was changed is BACKUP_CHECKSUM', async () => {
    const tampered = structuredClone(file);
    (tampered.data.pastes?.[0] as Record<string, unknown>).content = 'changed by hand';
    await refused(tampered, 'BACKUP_CHECKSUM');
    const shortened = structuredClone(file);
    shortened.data.pastes = shortened.data.pastes?.slice(1) ?? [];
    await refused(shortened, 'BACKUP_CHECKSUM');
  });

  it('rows cut off consistently are caught by the metadata counts', async () => {
    const cut = structuredClone(file);
    cut.data.pastes = cut.data.pastes?.slice(1) ?? [];
    await refused(resealed(cut), 'BACKUP_INVALID');
    const missingTable = structuredClone(file);
    delete missingTable.data.api_keys;
    await refused(resealed(missingTable), 'BACKUP_INVALID');
  });

  it('unknown columns in rows are ignored: only known columns are written', async () => {
    const extra = structuredClone(file);
    for (const row of extra.data.pastes ?? []) Object.assign(row, { is_admin: 1, 'views = 999; --': 'x' });
    const res = await sendBackup(h, 'restore', resealed(extra), 'overwrite');
    expect(res.status, res.text).toBe(200);
    const row = await h.db.selectFrom('pastes').selectAll().where('slug', '=', 'first').executeTakeFirstOrThrow();
    expect(Object.keys(row)).not.toContain('is_admin');
    expect(row.views).toBe(0);
  });

  it('a row that does not fit its table refuses the whole file with the row named', async () => {
    const bad = structuredClone(file);
    (bad.data.pastes?.[1] as Record<string, unknown>).views = 'many';
    (bad.data.api_keys?.[0] as Record<string, unknown>).permissions = 1 << 20;
    const before = await snapshot(h);
    const res = await sendBackup(h, 'restore', resealed(bad), 'overwrite');
    expect(res.body).toMatchObject({ code: 400, error: 'BACKUP_INVALID' });
    expect((res.body.details as { path: string }[]).map((d) => d.path)).toEqual([
      'data.api_keys.0.permissions',
      'data.pastes.1.views',
    ]);
    expect(await snapshot(h)).toEqual(before);
  });

  it('unknown tables, foreign formats and non-files are BACKUP_INVALID', async () => {
    const unknown = structuredClone(file);
    unknown.data.admins = [{ id: 'x', username: 'evil', password_hash: 'scrypt$x' }];
    unknown.metadata.tables = { ...unknown.metadata.tables, admins: 1 };
    await refused(resealed(unknown), 'BACKUP_INVALID');
    await refused({ metadata: { ...file.metadata, version: 2 }, data: file.data }, 'BACKUP_INVALID');
    await refused({ hello: 'world' }, 'BACKUP_INVALID');
    await refused('not an object', 'BACKUP_INVALID');
  });

  it('duplicate slugs in a file cannot be overwritten in: BACKUP_INVALID', async () => {
    const dup = structuredClone(file);
    const [a, b] = dup.data.pastes ?? [];
    if (!a || !b) throw new Error('seed has two pastes');
    b.slug = a.slug;
    await refused(resealed(dup), 'BACKUP_INVALID');
  });

  it('secrets from a server with another ENCRYPTION_SECRET are refused before anything is written', async () => {
    const foreign = structuredClone(file);
    const other = createSecretBox('another-secret-0123456789abcdefghijklmnop');
    (foreign.data.api_keys?.[0] as Record<string, unknown>).key_encrypted = other.encrypt(
      'some-key-value',
      KEY_CONTEXT,
    );
    const before = await snapshot(h);
    const res = await sendBackup(h, 'restore', resealed(foreign), 'overwrite');
    expect(res.body).toMatchObject({
      code: 400,
      error: 'BACKUP_INVALID',
      message: expect.stringContaining('ENCRYPTION_SECRET'),
    });
    expect(await snapshot(h)).toEqual(before);
  });

  it('a failure half-way through the restore rolls everything back (409, nothing changed)', async () => {
    await h.call('PUT', '/api/admin/settings/group/4', {
      headers: h.actors.admin(),
      body: { site_title: 'Changed since' },
    });
    const before = await snapshot(h);
    // Settings, storage and keys are written before pastes; this index makes the second paste insert fail.
    await h.db.schema.createIndex('test_one_paste_per_creator').on('pastes').column('created_by').unique().execute();
    const res = await sendBackup(h, 'restore', file, 'overwrite');
    await h.db.schema.dropIndex('test_one_paste_per_creator').execute();
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({
      code: 409,
      error: 'CONFLICT',
      message: expect.stringContaining('nothing was changed'),
    });
    expect(await snapshot(h)).toEqual(before);
  });

  it('a bad mode is VALIDATION_FAILED; bodies above 200 MB are 413 before they are read', async () => {
    const res = await h.call('POST', '/api/admin/backup/restore', {
      headers: h.actors.admin(),
      body: { mode: 'replace', backup: file },
    });
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'mode' }] });
    const big = await h.call('POST', '/api/admin/backup/restore', {
      headers: { ...h.actors.admin(), 'Content-Length': String(201 * 1024 * 1024) },
      body: '{}',
    });
    expect(big.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
  });
});

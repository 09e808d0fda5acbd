import type { BackupPreviewDto, BackupRestoreResultDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { ORIGINAL_VERSIONS, originalBackup, sendOriginal } from './backup.original.test-support.js';

/** The original's tables that land in a Driftbox table of their own, row for row. */
const MAPPED: Record<string, string> = {
  pastes: 'pastes',
  files: 'files',
  api_keys: 'api_keys',
  storage_configs: 'storage_configs',
  storage_mounts: 'storage_mounts',
};
/** Plaintext password copies: each becomes the password of its paste or file (checked elsewhere by opening them). */
const PASSWORD_COPIES: Record<string, { parent: string; column: string }> = {
  paste_passwords: { parent: 'pastes', column: 'paste_id' },
  file_passwords: { parent: 'files', column: 'file_id' },
};
const GENERIC_REASONS = ['Not a table of the original product that Driftbox knows'];

describe.each(dialects)("every row of the original's backups is imported or listed with a reason (%s)", (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  it.each(ORIGINAL_VERSIONS)('%s: the preview accounts for every table and setting', async (version) => {
    const data = originalBackup(version).data as Record<string, Record<string, unknown>[]>;
    const res = await sendOriginal(h, 'preview', version, 'merge');
    expect(res.status, res.text).toBe(200);
    const preview = res.body.data as BackupPreviewDto;
    const skippedOf = (table: string) => preview.skipped.filter((s) => s.table === table);

    for (const [table, rows] of Object.entries(data)) {
      if (MAPPED[table]) {
        expect(preview.tables[MAPPED[table]]?.rows, table).toBe(rows.length);
      } else if (PASSWORD_COPIES[table]) {
        const { parent, column } = PASSWORD_COPIES[table];
        const parents = new Set((data[parent] ?? []).map((row) => row.id));
        for (const row of rows) expect(parents.has(row[column]), `${table} ${String(row[column])}`).toBe(true);
      } else if (table === 'system_settings') {
        const listed = preview.skipped.filter((s) => s.table.startsWith('system_settings.'));
        expect((preview.tables.settings?.rows ?? 0) + listed.length).toBe(rows.length);
        for (const s of listed) expect(s.reason.length).toBeGreaterThan(10);
      } else {
        // Not imported: listed once, with its row count and a reason that says why (not a generic one).
        const listed = skippedOf(table);
        expect(listed, table).toHaveLength(1);
        expect(listed[0]).toMatchObject({ table, rows: rows.length });
        expect(GENERIC_REASONS).not.toContain(listed[0]!.reason);
      }
    }
    if (version === 'v1.9.1') {
      const providers = skippedOf('system_settings.preview_providers')[0];
      expect(providers?.reason).toMatch(/preview rules/);
      expect(skippedOf('storage_mounts.enable_folder_summary_compute')).toHaveLength(1);
    }
    // A fresh server's settings are its seeded defaults: merge takes the backup's, and the preview says so.
    expect(preview.settings_changes).toContainEqual({ key: 'site_title', from: 'Driftbox', to: 'BK 迁移测试站' });
    expect(preview.settings_changes).toContainEqual({ key: 'max_upload_size', from: '100', to: '250' });
    expect(await h.db.selectFrom('pastes').selectAll().execute()).toEqual([]);
  });

  it('merge over a server with its own settings keeps them and takes the backup values only for defaults', async () => {
    const admin = h.actors.admin();
    const put = await h.call('PUT', '/api/admin/settings/group/4', { headers: admin, body: { site_title: 'Mine' } });
    expect(put.status, put.text).toBeLessThan(300);
    const res = await sendOriginal(h, 'restore', 'v1.9.1', 'merge');
    expect(res.status, res.text).toBe(200);
    const result = res.body.data as BackupRestoreResultDto;
    expect(result.settings_changes.map((c) => c.key)).not.toContain('site_title');
    expect(result.settings_changes).toContainEqual({ key: 'max_upload_size', from: '100', to: '250' });
    const rows = await h.db.selectFrom('settings').select(['key', 'value']).execute();
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(values).toMatchObject({ site_title: 'Mine', max_upload_size: '250' });
  });
});

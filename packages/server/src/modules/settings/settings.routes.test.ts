import {
  ALL_PERMISSIONS,
  SETTING_DEFINITIONS,
  SITE_SETTING_KEYS,
  type SettingDto,
  type SettingGroupsDto,
  type SettingValueDto,
} from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('settings read routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const rowsOf = (body: Record<string, unknown>) => body.data as SettingDto[];
  const asAdmin = (url: string) => h.call('GET', url, { headers: h.actors.admin() });

  describe('GET /api/admin/settings', () => {
    it('a fresh database has every catalogued key, each with its default', async () => {
      const res = await asAdmin('/api/admin/settings?metadata=false');
      const all = Object.values(res.body.data as Record<string, SettingValueDto[]>).flat();
      expect(all).toEqual(SETTING_DEFINITIONS.map((d) => ({ key: d.key, value: d.default })));
      const stored = await h.db.selectFrom('settings').select('key').execute();
      expect(stored.map((r) => r.key).sort()).toEqual(SETTING_DEFINITIONS.map((d) => d.key).sort());
    });

    it('visitors read the site group (4) with full metadata', async () => {
      const res = await h.call('GET', '/api/admin/settings?group=4');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, success: true, message: 'Success' });
      const rows = rowsOf(res.body);
      expect(rows.map((r) => r.key)).toEqual([...SITE_SETTING_KEYS]);
      expect(rows[0]).toEqual({
        key: 'site_title',
        value: 'Driftbox',
        description: expect.stringContaining('Site title'),
        type: 'text',
        group_id: 4,
        options: null,
        sort_order: 1,
        flags: 0,
        default_value: 'Driftbox',
        raw_html: false,
        updated_at: TEST_START,
      });
      expect(rows.filter((r) => r.raw_html).map((r) => r.key)).toEqual(['site_custom_head', 'site_custom_body']);
    });

    it('metadata=false answers key/value pairs only', async () => {
      const res = await h.call('GET', '/api/admin/settings?group=4&metadata=false');
      expect(res.body.data).toContainEqual({ key: 'site_announcement_enabled', value: 'false' });
      expect(Object.keys((res.body.data as object[])[0] ?? {})).toEqual(['key', 'value']);
    });

    it('visitors read the preview group (2): the file page previews by its extension lists', async () => {
      const res = await h.call('GET', '/api/admin/settings?group=2&metadata=false');
      expect(res.status).toBe(200);
      expect(res.body.data).toContainEqual({ key: 'preview_office_provider', value: 'microsoft' });
    });

    it('the other groups and the full map are 401 for visitors and 403 for API keys, includeSystem or not', async () => {
      // Even a key holding every permission bit is not the admin.
      const key = await h.actors.apiKey(ALL_PERMISSIONS);
      for (const group of ['1', '3']) {
        for (const extra of ['', '&includeSystem=true']) {
          const url = `/api/admin/settings?group=${group}${extra}`;
          expect((await h.call('GET', url)).body).toMatchObject({
            code: 401,
            error: 'UNAUTHORIZED',
            success: false,
            data: null,
          });
          expect((await h.call('GET', url, { headers: key })).body).toMatchObject({ code: 403, error: 'ADMIN_ONLY' });
        }
      }
      expect((await h.call('GET', '/api/admin/settings?includeSystem=true')).status).toBe(401);
    });

    it('admins read any group, with option labels in their language', async () => {
      const res = await h.call('GET', '/api/admin/settings?group=1', {
        headers: { ...h.actors.admin(), 'Accept-Language': 'zh-CN' },
      });
      const naming = rowsOf(res.body).find((r) => r.key === 'file_naming_strategy');
      expect(naming).toMatchObject({
        value: 'random_suffix',
        type: 'select',
        flags: 1,
        options: [
          { value: 'overwrite', label: '覆盖模式' },
          { value: 'random_suffix', label: '随机后缀模式' },
        ],
      });
      const webdav = await asAdmin('/api/admin/settings?group=3');
      expect(rowsOf(webdav.body).map((r) => [r.key, r.value])).toEqual([['webdav_upload_mode', 'multipart']]);
    });

    it('without group, admins get every group keyed by id', async () => {
      const res = await asAdmin('/api/admin/settings');
      const map = res.body.data as Record<string, SettingDto[]>;
      expect(Object.keys(map)).toEqual(['1', '2', '3', '4']);
      expect(map['2']?.map((r) => r.key)).toContain('preview_office_types');
    });

    it('reflects stored values and never serves rows outside the catalogue', async () => {
      await h.db.updateTable('settings').set({ value: 'My Paste Bin' }).where('key', '=', 'site_title').execute();
      await h.db
        .insertInto('settings')
        .values({ key: 'secret_internal', value: 'x', updated_at: TEST_START })
        .execute();
      const res = await asAdmin('/api/admin/settings');
      expect(res.text).not.toContain('secret_internal');
      expect(res.text).toContain('My Paste Bin');
    });

    it('400 for a group or flag that is not understood', async () => {
      const res = await h.call('GET', '/api/admin/settings?group=site');
      expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'group' }] });
      const flag = await h.call('GET', '/api/admin/settings?group=4&metadata=maybe');
      expect(flag.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'metadata' }] });
    });
  });

  describe('GET /api/admin/settings/groups', () => {
    it('lists the four groups with their counts', async () => {
      const res = await asAdmin('/api/admin/settings/groups');
      expect(res.body).toMatchObject({ code: 200, success: true });
      expect(res.body.data as SettingGroupsDto).toEqual({
        groups: [
          { id: 1, name: 'Global settings', settingCount: 6, readonlyCount: 0 },
          { id: 2, name: 'Preview settings', settingCount: 7, readonlyCount: 0 },
          { id: 3, name: 'WebDAV settings', settingCount: 1, readonlyCount: 0 },
          { id: 4, name: 'Site settings', settingCount: 7, readonlyCount: 0 },
        ],
      });
    });
  });

  describe('GET /api/admin/settings/metadata', () => {
    it('answers one row with its metadata', async () => {
      const res = await asAdmin('/api/admin/settings/metadata?key=max_upload_size_unit');
      expect(res.body.data).toMatchObject({
        key: 'max_upload_size_unit',
        value: 'MB',
        type: 'select',
        group_id: 1,
        options: [
          { value: 'KB', label: 'KB' },
          { value: 'MB', label: 'MB' },
          { value: 'GB', label: 'GB' },
        ],
      });
    });

    it('400 without a key, 404 for an unknown one', async () => {
      const missing = await asAdmin('/api/admin/settings/metadata');
      expect(missing.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'key' }] });
      for (const key of ['nope', 'constructor', 'schema_version']) {
        const res = await asAdmin(`/api/admin/settings/metadata?key=${key}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 404, error: 'NOT_FOUND', message: 'Setting not found', data: null });
      }
    });
  });

  describe('GET /api/system/max-upload-size', () => {
    it('is public and answers 100 MB by default', async () => {
      const res = await h.call('GET', '/api/system/max-upload-size');
      expect(res.body).toEqual({
        code: 200,
        message: 'Success',
        success: true,
        data: {
          max_upload_size: 100,
          max_upload_size_bytes: 104_857_600,
          max_upload_size_value: 100,
          max_upload_size_unit: 'MB',
        },
      });
    });
  });
});

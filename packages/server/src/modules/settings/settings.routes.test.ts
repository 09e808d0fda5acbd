import { SITE_SETTING_DEFAULTS, type SettingRow } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, dialects, type Harness } from '../../test/harness.js';

describe.each(dialects)('settings routes (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const siteRows = (): SettingRow[] => [
    { key: 'site_title', value: SITE_SETTING_DEFAULTS.site_title, group_id: 4, type: 'text' },
    { key: 'site_favicon_url', value: '', group_id: 4, type: 'text' },
    { key: 'site_footer_markdown', value: SITE_SETTING_DEFAULTS.site_footer_markdown, group_id: 4, type: 'textarea' },
    { key: 'site_announcement_enabled', value: 'false', group_id: 4, type: 'bool' },
    { key: 'site_announcement_content', value: '', group_id: 4, type: 'textarea' },
    { key: 'site_custom_head', value: '', group_id: 4, type: 'textarea' },
    { key: 'site_custom_body', value: '', group_id: 4, type: 'textarea' },
  ];

  it('GET ?group=4 is public and returns every site setting', async () => {
    const res = await h.call('GET', '/api/admin/settings?group=4');
    expect(res.body).toEqual({ code: 200, message: 'Success', success: true, data: siteRows() });
  });

  it('GET ?group=4 reflects stored values', async () => {
    await h.db.updateTable('settings').set({ value: 'My Paste Bin' }).where('key', '=', 'site_title').execute();
    const res = await h.call('GET', '/api/admin/settings?group=4', { headers: h.actors.admin() });
    expect((res.body.data as SettingRow[])[0]).toEqual({ key: 'site_title', value: 'My Paste Bin', group_id: 4, type: 'text' });
  });

  it('other groups and the full map need an admin', async () => {
    for (const url of ['/api/admin/settings', '/api/admin/settings?group=1']) {
      expect((await h.call('GET', url)).body).toMatchObject({ code: 401, error: 'UNAUTHORIZED', success: false, data: null });
      const key = await h.actors.apiKey(1);
      expect((await h.call('GET', url, { headers: key })).body).toMatchObject({ code: 403, error: 'ADMIN_ONLY' });
    }
  });

  it('admins get what exists: the map by group, or an empty list for a group without settings yet', async () => {
    const all = await h.call('GET', '/api/admin/settings', { headers: h.actors.admin() });
    expect(all.body.data).toEqual({ '4': siteRows() });
    const preview = await h.call('GET', '/api/admin/settings?group=2', { headers: h.actors.admin() });
    expect(preview.body.data).toEqual([]);
  });

  it('400 for a group that is not a number', async () => {
    const res = await h.call('GET', '/api/admin/settings?group=site');
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'group' }] });
  });

  it('does not serve rows that are not in the catalogue', async () => {
    await h.db.insertInto('settings').values({ key: 'secret_internal', value: 'x', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    const res = await h.call('GET', '/api/admin/settings', { headers: h.actors.admin() });
    expect(res.text).not.toContain('secret_internal');
  });
});

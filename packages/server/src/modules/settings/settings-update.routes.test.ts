import type { SettingDto, SettingsUpdateResultDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { SETTINGS_CACHE_TTL_MS } from './settings.service.js';

describe.each(dialects)('settings update routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const put = (group: number | string, body: unknown, query = '') =>
    h.call('PUT', `/api/admin/settings/group/${group}${query}`, { headers: h.actors.admin(), body });
  const stored = async (key: string) =>
    (await h.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
  const valueOf = async (group: number, key: string) => {
    const res = await h.call('GET', `/api/admin/settings?group=${group}`, { headers: h.actors.admin() });
    return (res.body.data as SettingDto[]).find((r) => r.key === key)?.value;
  };
  /** Expects a 400 that names `key` and wrote nothing. */
  const refused = async (group: number, body: Record<string, unknown>, query = '') => {
    const before = await Promise.all(
      Object.keys(body)
        .map(stored)
        .map((p) => p.catch(() => null)),
    );
    const res = await put(group, body, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, data: null, error: 'VALIDATION_FAILED' });
    expect((res.body.details as { path: string }[]).map((d) => d.path)).toEqual(Object.keys(body));
    const after = await Promise.all(
      Object.keys(body)
        .map(stored)
        .map((p) => p.catch(() => null)),
    );
    expect(after).toEqual(before);
    return res;
  };

  it('saves typed and string values of a group as strings: 200 with the report', async () => {
    const res = await put(1, {
      max_upload_size: 250,
      default_use_proxy: true,
      proxy_sign_expires: '0',
      file_naming_strategy: 'overwrite',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, message: 'Updated 4 settings of group 1' });
    expect(res.body.data as SettingsUpdateResultDto).toEqual({
      groupId: 1,
      updatedCount: 4,
      totalCount: 4,
      errors: [],
      success: true,
      message: 'Updated 4 settings of group 1',
    });
    expect(await stored('max_upload_size')).toBe('250');
    expect(await stored('default_use_proxy')).toBe('true');
    expect(await stored('proxy_sign_expires')).toBe('0');
    expect(await stored('file_naming_strategy')).toBe('overwrite');
  });

  it('normalises what it stores: trimmed title, lowercased extension list', async () => {
    await put(4, { site_title: '  My Drop  ' });
    await put(2, { preview_video_types: 'MP4, mkv,webm,' });
    expect(await stored('site_title')).toBe('My Drop');
    expect(await stored('preview_video_types')).toBe('mp4,mkv,webm');
  });

  it('refuses a bad favicon URL', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.com/f.ico', 'data:text/html,<script>x</script>']) {
      await refused(4, { site_favicon_url: url });
    }
    expect((await put(4, { site_favicon_url: 'data:image/png;base64,iVBORw0KGgo=' })).status).toBe(200);
  });

  it('refuses negative or zero numbers and non-numbers', async () => {
    await refused(1, { proxy_sign_expires: -1 });
    await refused(1, { max_upload_size: 0 });
    await refused(1, { max_upload_size: 'lots' });
  });

  it('refuses a bad extension list, an unknown select value, a bad bool and an over-long title', async () => {
    await refused(2, { preview_image_types: 'png,.jpg' });
    await refused(2, { preview_office_provider: 'libreoffice' });
    await refused(3, { webdav_upload_mode: 'streaming' });
    await refused(1, { max_upload_size_unit: 'TB' });
    await refused(4, { site_announcement_enabled: 'yes' });
    await refused(4, { site_title: 'x'.repeat(101) });
  });

  it('refuses custom head over 100 000 characters and accepts raw HTML up to it', async () => {
    await refused(4, { site_custom_head: 'x'.repeat(100_001) });
    expect((await put(4, { site_custom_body: '<script>analytics()</script>' })).status).toBe(200);
  });

  it('refuses unknown keys and keys of another group, even with validate=false', async () => {
    for (const query of ['', '?validate=false']) {
      const res = await refused(1, { max_upload_size_typo: 5, site_title: 'Sneaky' }, query);
      expect(res.body.details).toEqual([
        { path: 'max_upload_size_typo', message: 'Unknown setting: max_upload_size_typo' },
        { path: 'site_title', message: 'Setting site_title belongs to group 4, not 1' },
      ]);
    }
    // Names that exist on Object.prototype are not settings either.
    const res = await put(4, '{"constructor":"x","__proto__":{"site_title":"polluted"},"toString":"y"}');
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(JSON.stringify(res.body.details)).not.toContain('polluted');
    expect(await stored('site_title')).toBe('Driftbox');
  });

  it('validate=false skips value checks but still needs a scalar', async () => {
    const res = await put(3, { webdav_upload_mode: 'streaming' }, '?validate=false');
    expect(res.status).toBe(200);
    expect(await stored('webdav_upload_mode')).toBe('streaming');
    await refused(3, { webdav_upload_mode: { nested: true } }, '?validate=false');
  });

  it('202 with per-key errors when only some keys are valid; the valid ones are saved', async () => {
    const res = await put(4, { site_title: 'Half', site_favicon_url: 'javascript:x', nope: 1 });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ code: 202, success: true, message: 'Updated 1 settings, 2 failed' });
    expect(res.body.data).toEqual({
      groupId: 4,
      updatedCount: 1,
      totalCount: 3,
      errors: [
        { key: 'site_favicon_url', error: 'Must be empty, an http(s) URL or a data:image URL' },
        { key: 'nope', error: 'Unknown setting: nope' },
      ],
      success: false,
      message: 'Updated 1 settings, 2 failed',
    });
    expect(await stored('site_title')).toBe('Half');
    expect(await stored('site_favicon_url')).toBe('');
    // In Chinese too, per key and in the details of a refusal.
    const zh = await h.call('PUT', '/api/admin/settings/group/4', {
      headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      body: { site_title: 'Zh', site_favicon_url: 'javascript:x', nope: 1 },
    });
    expect((zh.body.data as { errors: { error: string }[] }).errors.map((e) => e.error)).toEqual([
      '必须为空、http(s) URL 或 data:image URL',
      '未知的设置项：nope',
    ]);
    const refused = await h.call('PUT', '/api/admin/settings/group/4', {
      headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      body: { nope: 1 },
    });
    expect(refused.body).toMatchObject({ code: 400, details: [{ path: 'nope', message: '未知的设置项：nope' }] });
  });

  it('400 NOTHING_TO_UPDATE for an empty body; 400 for a body that is not an object', async () => {
    expect((await put(4, {})).body).toMatchObject({ code: 400, error: 'NOTHING_TO_UPDATE' });
    expect((await put(4, ['site_title'])).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect((await put(4, 'not json')).body).toMatchObject({ code: 400, error: 'BAD_REQUEST' });
  });

  it('404 for a group that does not exist, 400 for one that is not a number', async () => {
    expect((await put(99, { site_title: 'x' })).body).toMatchObject({
      code: 404,
      error: 'NOT_FOUND',
      message: 'Settings group not found',
    });
    expect((await put('site', { site_title: 'x' })).body).toMatchObject({
      code: 400,
      error: 'VALIDATION_FAILED',
      details: [{ path: 'group' }],
    });
  });

  it('a read after a write sees the new value (the cache is invalidated on write)', async () => {
    expect(await valueOf(4, 'site_title')).toBe('Driftbox');
    await put(4, { site_title: 'Fresh' });
    expect(await valueOf(4, 'site_title')).toBe('Fresh');
    expect((await h.call('GET', '/api/admin/settings?group=4&metadata=false')).body.data).toContainEqual({
      key: 'site_title',
      value: 'Fresh',
    });
  });

  it('a write by another instance shows up once the cache TTL has passed', async () => {
    expect(await valueOf(4, 'site_title')).toBe('Driftbox');
    // Another instance writes straight to the shared database; this one's cache does not know.
    await h.db.updateTable('settings').set({ value: 'Elsewhere' }).where('key', '=', 'site_title').execute();
    expect(await valueOf(4, 'site_title')).toBe('Driftbox');
    h.clock.advance(SETTINGS_CACHE_TTL_MS);
    expect(await valueOf(4, 'site_title')).toBe('Elsewhere');
  });

  describe('GET /api/system/max-upload-size follows the setting and its unit', () => {
    const limit = async () => (await h.call('GET', '/api/system/max-upload-size')).body.data;

    it('value in MB, KB and GB', async () => {
      await put(1, { max_upload_size: 250 });
      expect(await limit()).toEqual({
        max_upload_size: 250,
        max_upload_size_bytes: 262_144_000,
        max_upload_size_value: 250,
        max_upload_size_unit: 'MB',
      });
      await put(1, { max_upload_size: 512, max_upload_size_unit: 'KB' });
      expect(await limit()).toEqual({
        max_upload_size: 0.5,
        max_upload_size_bytes: 524_288,
        max_upload_size_value: 512,
        max_upload_size_unit: 'KB',
      });
      await put(1, { max_upload_size: '2', max_upload_size_unit: 'GB' });
      expect(await limit()).toEqual({
        max_upload_size: 2048,
        max_upload_size_bytes: 2 * 1024 ** 3,
        max_upload_size_value: 2,
        max_upload_size_unit: 'GB',
      });
    });

    it('falls back to the default when the stored value is not valid (saved with validate=false)', async () => {
      await put(1, { max_upload_size: 'huge', max_upload_size_unit: 'TB' }, '?validate=false');
      expect(await limit()).toMatchObject({
        max_upload_size: 100,
        max_upload_size_bytes: 104_857_600,
        max_upload_size_unit: 'MB',
      });
    });
  });
});

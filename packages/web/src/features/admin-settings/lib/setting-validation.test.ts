import { SETTINGS_CATALOGUE, type SettingKey } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { checkSetting } from './setting-validation';

const check = (key: SettingKey, value: string) => checkSetting(SETTINGS_CATALOGUE[key], value);

describe('checkSetting (the catalogue schema, reported as translatable issues)', () => {
  it('normalises what it accepts the way the server stores it', () => {
    expect(check('preview_video_types', 'MP4, mkv,webm,')).toEqual({ ok: true, value: 'mp4,mkv,webm' });
    expect(check('site_title', '  My Drop  ')).toEqual({ ok: true, value: 'My Drop' });
    expect(check('max_upload_size', '250.0')).toEqual({ ok: true, value: '250' });
    expect(check('site_favicon_url', '')).toEqual({ ok: true, value: '' });
  });

  it('reports number bounds, whole numbers and non-numbers', () => {
    expect(check('max_upload_size', '0')).toEqual({ ok: false, issue: { code: 'greaterThan', min: 0 } });
    expect(check('max_upload_size', '2000000')).toEqual({ ok: false, issue: { code: 'max', max: 1_000_000 } });
    expect(check('proxy_sign_expires', '-1')).toEqual({ ok: false, issue: { code: 'min', min: 0 } });
    expect(check('proxy_sign_expires', '1.5')).toEqual({ ok: false, issue: { code: 'notInteger' } });
    expect(check('proxy_sign_expires', 'soon')).toEqual({ ok: false, issue: { code: 'notNumber' } });
    expect(check('proxy_sign_expires', '')).toEqual({ ok: false, issue: { code: 'required' } });
  });

  it('reports text, option, favicon and extension problems', () => {
    expect(check('site_title', '   ')).toEqual({ ok: false, issue: { code: 'required' } });
    expect(check('site_title', 'x'.repeat(101))).toEqual({ ok: false, issue: { code: 'tooLong', max: 100 } });
    expect(check('webdav_upload_mode', 'streaming')).toEqual({ ok: false, issue: { code: 'option' } });
    expect(check('site_favicon_url', 'javascript:alert(1)')).toEqual({ ok: false, issue: { code: 'favicon' } });
    expect(check('preview_image_types', 'png, tar.gz ,jpg')).toEqual({
      ok: false,
      issue: { code: 'extension', extension: 'tar.gz' },
    });
  });
});

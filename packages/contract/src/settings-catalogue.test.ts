import { describe, expect, it } from 'vitest';
import { SITE_SETTING_DEFAULTS, SITE_SETTING_KEYS } from './schemas/system.js';
import {
  SETTING_DEFINITIONS,
  SETTINGS_CATALOGUE,
  isSettingKey,
  settingDefinition,
  settingsOfGroup,
} from './settings-catalogue.js';
import {
  isFaviconUrl,
  settingAsList,
  settingAsNumber,
  UPLOAD_SIZE_UNITS,
  uploadLimitBytes,
} from './settings-values.js';

const parse = (key: keyof typeof SETTINGS_CATALOGUE, value: unknown) => SETTINGS_CATALOGUE[key].schema.safeParse(value);

describe('settings catalogue', () => {
  it('has the keys of every group, in display order', () => {
    expect(settingsOfGroup(1).map((d) => d.key)).toEqual([
      'max_upload_size',
      'max_upload_size_unit',
      'default_use_proxy',
      'file_naming_strategy',
      'proxy_sign_all',
      'proxy_sign_expires',
    ]);
    expect(settingsOfGroup(2).map((d) => d.key)).toEqual([
      'preview_text_types',
      'preview_image_types',
      'preview_video_types',
      'preview_audio_types',
      'preview_office_types',
      'preview_document_types',
      'preview_office_provider',
    ]);
    expect(settingsOfGroup(3).map((d) => d.key)).toEqual(['webdav_upload_mode']);
    expect(settingsOfGroup(4).map((d) => d.key)).toEqual([...SITE_SETTING_KEYS]);
  });

  it('every default is valid under its own schema and stored unchanged', () => {
    for (const def of SETTING_DEFINITIONS) {
      expect(def.schema.safeParse(def.default), def.key).toEqual({ success: true, data: def.default });
    }
  });

  it('previews common text formats, each extension in one list only (ts is TypeScript and MPEG-TS by design)', () => {
    const lists = SETTING_DEFINITIONS.filter((def) => def.key.startsWith('preview_') && def.key.endsWith('_types'));
    const text = lists.find((def) => def.key === 'preview_text_types')?.default.split(',') ?? [];
    for (const ext of [
      'yaml',
      'yml',
      'log',
      'csv',
      'tsv',
      'toml',
      'cfg',
      'ini',
      'env',
      'jsx',
      'css',
      'scss',
      'kt',
      'swift',
      'rb',
      'lua',
      'sql',
    ])
      expect(text).toContain(ext);
    const seen = new Map<string, string>();
    for (const def of lists) {
      for (const ext of def.default.split(',')) {
        if (ext !== 'ts') expect(seen.get(ext), `${ext} in ${def.key}`).toBeUndefined();
        seen.set(ext, def.key);
      }
    }
  });

  it('help texts are sentences in both languages, and none tells to type commas into the chip lists', () => {
    for (const def of SETTING_DEFINITIONS) {
      expect(def.description.en, def.key).toMatch(/\.$/);
      expect(def.description.zh, def.key).toMatch(/。$/);
      expect(def.description.en, def.key).not.toMatch(/comma/i);
      expect(def.description.zh, def.key).not.toMatch(/逗号/);
    }
  });

  it('selects: options and schema agree, and the default is an option', () => {
    for (const def of SETTING_DEFINITIONS.filter((d) => d.type === 'select')) {
      const values = (def.options ?? []).map((o) => o.value);
      expect(values, def.key).toContain(def.default);
      for (const value of values) expect(def.schema.safeParse(value).success).toBe(true);
      expect(def.schema.safeParse('other').success).toBe(false);
    }
    expect(SETTINGS_CATALOGUE.max_upload_size_unit.options?.map((o) => o.value)).toEqual(
      Object.keys(UPLOAD_SIZE_UNITS),
    );
  });

  it('only the preview and site groups are readable by visitors; only custom head/body are raw HTML', () => {
    const previewKeys = SETTING_DEFINITIONS.filter((d) => d.group === 2).map((d) => d.key);
    expect(SETTING_DEFINITIONS.filter((d) => d.public).map((d) => d.key)).toEqual([
      ...previewKeys,
      ...SITE_SETTING_KEYS,
    ]);
    expect(SETTING_DEFINITIONS.filter((d) => d.rawHtml).map((d) => d.key)).toEqual([
      'site_custom_head',
      'site_custom_body',
    ]);
  });

  it('fixes the original defaults that were known faults', () => {
    expect(SETTINGS_CATALOGUE.file_naming_strategy.default).toBe('random_suffix');
    expect(SETTINGS_CATALOGUE.proxy_sign_all.default).toBe('true');
    expect(SETTINGS_CATALOGUE.proxy_sign_expires.default).toBe('3600');
    expect(SETTINGS_CATALOGUE.webdav_upload_mode.default).toBe('multipart');
  });

  it('SITE_SETTING_DEFAULTS are the catalogue defaults of the site keys, in order', () => {
    expect(SITE_SETTING_DEFAULTS.site_title).toBe('Driftbox');
    expect(Object.keys(SITE_SETTING_DEFAULTS)).toEqual([...SITE_SETTING_KEYS]);
    for (const key of SITE_SETTING_KEYS) expect(SITE_SETTING_DEFAULTS[key]).toBe(SETTINGS_CATALOGUE[key].default);
    const siteKeys = SETTING_DEFINITIONS.filter((d) => d.group === 4).map((d) => d.key);
    expect(siteKeys.sort()).toEqual([...SITE_SETTING_KEYS].sort());
  });

  it('looks keys up without touching Object.prototype', () => {
    expect(settingDefinition('constructor')).toBeUndefined();
    expect(isSettingKey('__proto__')).toBe(false);
    expect(settingDefinition('site_title')?.group).toBe(4);
  });
});

describe('setting value schemas', () => {
  it('numbers: JSON numbers or numeric strings within bounds, stored as strings', () => {
    expect(parse('max_upload_size', 250)).toEqual({ success: true, data: '250' });
    expect(parse('max_upload_size', ' 1.5 ')).toEqual({ success: true, data: '1.5' });
    for (const bad of [0, -1, '-5', 'abc', '', '1e3', null, true, 1_000_001])
      expect(parse('max_upload_size', bad).success, String(bad)).toBe(false);
    expect(parse('proxy_sign_expires', 0)).toEqual({ success: true, data: '0' });
    expect(parse('proxy_sign_expires', -1).success).toBe(false);
    expect(parse('proxy_sign_expires', 1.5).success).toBe(false);
  });

  it('bools: true/false as booleans or strings', () => {
    expect(parse('default_use_proxy', true)).toEqual({ success: true, data: 'true' });
    expect(parse('default_use_proxy', 'false')).toEqual({ success: true, data: 'false' });
    for (const bad of ['yes', 1, '1', '']) expect(parse('default_use_proxy', bad).success).toBe(false);
  });

  it('extension lists: lowercased, trimmed, deduplicated; dots and symbols refused', () => {
    expect(parse('preview_video_types', ' MP4, mkv ,webm,mp4,')).toEqual({ success: true, data: 'mp4,mkv,webm' });
    expect(parse('preview_video_types', '')).toEqual({ success: true, data: '' });
    for (const bad of ['.mp4', 'mp4;mkv', 'tar.gz', 'a b', '*', 42])
      expect(parse('preview_video_types', bad).success, String(bad)).toBe(false);
  });

  it('site title: 1–100 characters after trimming', () => {
    expect(parse('site_title', '  My Drop  ')).toEqual({ success: true, data: 'My Drop' });
    expect(parse('site_title', '   ').success).toBe(false);
    expect(parse('site_title', 'x'.repeat(101)).success).toBe(false);
  });

  it('favicon: empty, http(s) or data:image URLs only', () => {
    for (const good of [
      '',
      'https://cdn.example.com/icon.png',
      'http://localhost:8080/f.ico?v=2',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
    ]) {
      expect(isFaviconUrl(good), good).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x/y.ico',
      'data:text/html;base64,PHNjcmlwdD4=',
      'https://',
      'icon.png',
      'https://a.com/"onload="x',
      'data:image/png;base64,not base64!',
    ]) {
      expect(isFaviconUrl(bad), bad).toBe(false);
    }
  });

  it('custom head and body accept raw HTML up to 100 000 characters', () => {
    expect(parse('site_custom_head', '<script>stats()</script>').success).toBe(true);
    expect(parse('site_custom_body', 'x'.repeat(100_000)).success).toBe(true);
    expect(parse('site_custom_body', 'x'.repeat(100_001)).success).toBe(false);
  });

  it('readers and unit conversion', () => {
    expect(settingAsNumber('12', 100)).toBe(12);
    expect(settingAsNumber('oops', 100)).toBe(100);
    expect(settingAsList('mp4,mkv')).toEqual(['mp4', 'mkv']);
    expect(settingAsList('')).toEqual([]);
    expect(uploadLimitBytes(100, 'MB')).toBe(104_857_600);
    expect(uploadLimitBytes(1.5, 'KB')).toBe(1536);
    // A positive limit never rounds down to a limit of nothing.
    expect(uploadLimitBytes(0.0001, 'KB')).toBe(1);
    expect(uploadLimitBytes(2, 'GB')).toBe(2 * 1024 ** 3);
  });
});

import { describe, expect, it } from 'vitest';
import { i18n } from '../site/i18n';
import { storageConfigName, storageProviderLabel } from './storage-config-name';

describe('storageConfigName', () => {
  it('translates the built-in config while its name is unchanged, and nothing else', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      const t = i18n.t.bind(i18n);
      expect(storageConfigName({ id: 'local', name: 'Local storage' }, t)).toBe('本地存储');
      expect(storageConfigName({ id: 'local', name: 'Disk' }, t)).toBe('Disk');
      expect(storageConfigName({ id: 'other', name: 'Local storage' }, t)).toBe('Local storage');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('storageProviderLabel', () => {
  it('translates our own providers and keeps brand names', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      const t = i18n.t.bind(i18n);
      expect(storageProviderLabel('Local', t)).toBe('本地文件夹');
      expect(storageProviderLabel('LOCAL', t, true)).toBe('本地文件夹');
      expect(storageProviderLabel('Other S3 Compatible', t)).toBe('其他 S3 兼容');
      expect(storageProviderLabel('Cloudflare R2', t)).toBe('Cloudflare R2');
      expect(storageProviderLabel('Wasabi', t)).toBe('Wasabi');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

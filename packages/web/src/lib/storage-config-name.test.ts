import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { storageConfigName } from './storage-config-name';

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

import { STORAGE_KEYS } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { detectLanguage } from './i18n';

describe('detectLanguage (spec §9)', () => {
  it('prefers the stored choice, else Chinese for zh* browsers, else English', () => {
    expect(detectLanguage('en', 'zh-CN')).toBe('en');
    expect(detectLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(detectLanguage(null, 'zh-TW')).toBe('zh-CN');
    expect(detectLanguage(null, 'ZH')).toBe('zh-CN');
    expect(detectLanguage(null, 'en-GB')).toBe('en');
    expect(detectLanguage(null, 'de')).toBe('en');
    expect(detectLanguage('fr', undefined)).toBe('en');
  });
});

describe('setLanguage', () => {
  it('switches the language, stores it and sets <html lang>', async () => {
    vi.resetModules();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    const { i18n, setLanguage, loadLanguage } = await import('./i18n');
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    // Texts come per language, on demand (main.tsx loads the first before rendering).
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await loadLanguage('zh-CN');
    expect(i18n.t('auth.login.submit')).toBe('登录');

    setLanguage('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    // The switch waits for the English texts, so no key shows in between.
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(i18n.t('auth.login.submit')).toBe('Log in');

    // The next page load starts in the stored language, whatever the browser says.
    vi.resetModules();
    const reloaded = await import('./i18n');
    expect(reloaded.i18n.language).toBe('en');
  });
});

describe('limits in messages', () => {
  it('every max-views error states the contract’s limit in both languages, even when the form passes no options', async () => {
    const { i18n, loadLanguage } = await import('./i18n');
    await Promise.all([loadLanguage('en'), loadLanguage('zh-CN')]);
    const t = i18n.t as unknown as (key: string, options: { lng: string }) => string;
    for (const lng of ['en', 'zh-CN']) {
      for (const key of [
        'paste.form.errors.maxViewsInvalid',
        'upload.form.errors.maxViewsInvalid',
        'files.edit.errors.maxViewsInvalid',
      ]) {
        expect(t(key, { lng })).toMatch(/\b0\b.*1,000,000,000/);
      }
    }
  });
});

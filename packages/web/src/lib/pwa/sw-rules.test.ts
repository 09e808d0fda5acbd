import { describe, expect, it } from 'vitest';
import { isPageUrl, isPublicSiteSettings, isStaticAsset, warmableAssets } from './sw-rules';

const url = (path: string) => new URL(path, 'https://drift.test');

describe('what the service worker may keep', () => {
  it('keeps only the public site settings read without credentials among API answers', () => {
    expect(isPublicSiteSettings(url('/api/admin/settings?group=4'), new Headers())).toBe(true);
    expect(isPublicSiteSettings(url('/api/admin/settings?group=4'), new Headers({ Authorization: 'Bearer t' }))).toBe(
      false,
    );
    expect(isPublicSiteSettings(url('/api/admin/settings?group=1'), new Headers())).toBe(false);
    expect(isPublicSiteSettings(url('/api/admin/settings?group=4&x=1'), new Headers())).toBe(false);
  });

  it('never treats a view-counting or secret-carrying read as a static asset', () => {
    for (const path of [
      '/api/raw/abc',
      '/api/file-download/abc.png',
      '/api/p/mount/a.js',
      '/api/fs/get?path=/a.css',
      '/api/public/files/x/verify',
      '/api/paste/abc',
    ])
      expect(isStaticAsset(url(path)), path).toBe(false);
    for (const path of ['/assets/index-abc.js', '/icons/icon-192.png', '/favicon.svg', '/manifest.webmanifest'])
      expect(isStaticAsset(url(path)), path).toBe(true);
    expect(isStaticAsset(url('/admin/text-management'))).toBe(false);
  });

  it('warms only this origin’s static files from the first visit, never /api, another origin or the worker', () => {
    const origin = 'https://drift.test';
    expect(
      warmableAssets(
        [
          `${origin}/assets/index-abc.js`,
          `${origin}/assets/editor-def.js?v=1`,
          `${origin}/assets/index-abc.js`,
          `${origin}/api/raw/abc`,
          `${origin}/api/file-download/a.png`,
          'https://cdn.example/assets/x.js',
          `${origin}/sw.js`,
          `${origin}/config.js`,
          `${origin}/paste/abc`,
          42,
        ],
        origin,
      ),
    ).toEqual([`${origin}/assets/index-abc.js`, `${origin}/assets/editor-def.js?v=1`]);
    expect(isPageUrl(url('/admin/text-management'), origin)).toBe(true);
    expect(isPageUrl(url('/api/paste/abc'), origin)).toBe(false);
    expect(isPageUrl(new URL('https://other.test/'), origin)).toBe(false);
    expect(isPageUrl(url('/assets/a.js'), origin)).toBe(false);
  });
});

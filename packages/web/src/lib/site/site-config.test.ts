import { SITE_CONFIG_CACHE_MS, STORAGE_KEYS } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/http';
import { DEFAULT_SITE_CONFIG, loadSiteConfig, reloadSiteConfig, safeFaviconUrl } from './site-config';

const rows = (title: string) => [{ key: 'site_title', value: title, group_id: 4, type: 'text' }];

describe('loadSiteConfig', () => {
  it('fetches group 4 publicly and caches it for 24 hours', async () => {
    const requests = mockApi({ 'GET /api/admin/settings': () => ok(rows('First')) });
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect((await loadSiteConfig(now)).site_title).toBe('First');
    expect(requests[0]?.url).toBe('/api/admin/settings?group=4');
    expect(requests[0]?.headers.Authorization).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.siteConfig)).toContain('First');

    mockApi({ 'GET /api/admin/settings': () => ok(rows('Second')) });
    expect((await loadSiteConfig(now + SITE_CONFIG_CACHE_MS - 1)).site_title).toBe('First');
    expect((await loadSiteConfig(now + SITE_CONFIG_CACHE_MS)).site_title).toBe('Second');
  });

  it('falls back to the stale cache, then to the default title, when the fetch fails', async () => {
    mockApi({ 'GET /api/admin/settings': () => fail(500, 'INTERNAL') });
    expect(await loadSiteConfig(0)).toEqual(DEFAULT_SITE_CONFIG);

    localStorage.setItem(STORAGE_KEYS.siteConfig, JSON.stringify({ savedAt: 0, config: { site_title: 'Old' } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect((await loadSiteConfig(SITE_CONFIG_CACHE_MS * 3)).site_title).toBe('Old');
  });
});

describe('safeFaviconUrl', () => {
  it('accepts http, https and data image URLs only', () => {
    expect(safeFaviconUrl('https://x.test/f.png')).toBe('https://x.test/f.png');
    expect(safeFaviconUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeFaviconUrl('javascript:alert(1)')).toBeNull();
    expect(safeFaviconUrl('')).toBeNull();
  });
});

describe('reloadSiteConfig (after the admin saves site settings)', () => {
  it('fetches even when the cache is fresh, and stores the answer', async () => {
    localStorage.setItem(STORAGE_KEYS.siteConfig, JSON.stringify({ savedAt: 1000, config: { site_title: 'Cached' } }));
    mockApi({ 'GET /api/admin/settings': () => ok(rows('Saved just now')) });
    expect((await reloadSiteConfig(2000)).site_title).toBe('Saved just now');
    expect(await loadSiteConfig(3000)).toMatchObject({ site_title: 'Saved just now' });
  });

  it('on failure marks the cache stale so the next page load asks the server', async () => {
    localStorage.setItem(STORAGE_KEYS.siteConfig, JSON.stringify({ savedAt: 1000, config: { site_title: 'Cached' } }));
    mockApi({ 'GET /api/admin/settings': () => fail(503, 'UNAVAILABLE') });
    await expect(reloadSiteConfig(2000)).rejects.toThrow();
    mockApi({ 'GET /api/admin/settings': () => ok(rows('Back')) });
    expect((await loadSiteConfig(3000)).site_title).toBe('Back');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { accessTokenStore } from './share-access-token';

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('access token stores', () => {
  it('keep a token until it expires, per tab or for the browser', () => {
    const tab = accessTokenStore('paste');
    const browser = accessTokenStore('file', 'browser');
    tab.save('a', 'pt', later(60_000));
    browser.save('a', 'ft', later(60_000));
    expect(sessionStorage.getItem('driftbox-paste-token:a')).not.toBeNull();
    expect(localStorage.getItem('driftbox-file-token:a')).not.toBeNull();
    expect(tab.read('a')).toBe('pt');
    expect(browser.read('a')).toBe('ft');
    expect(browser.read('a', Date.now() + 120_000)).toBeUndefined();
    expect(browser.read('missing')).toBeUndefined();
  });

  it('drop expired tokens of their kind when saving, so a browser-wide store does not grow', () => {
    const files = accessTokenStore('file', 'browser');
    localStorage.setItem('driftbox-file-token:old', JSON.stringify({ token: 'x', expiresAt: later(-1000) }));
    localStorage.setItem('driftbox-file-token:broken', '{not json');
    localStorage.setItem('driftbox-paste-token:other', JSON.stringify({ token: 'y', expiresAt: later(-1000) }));
    localStorage.setItem('language', 'en');
    files.save('new', 'n', later(60_000));
    expect(Object.keys(localStorage).sort()).toEqual([
      'driftbox-file-token:new',
      'driftbox-paste-token:other',
      'language',
    ]);
  });
});

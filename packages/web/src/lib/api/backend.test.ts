import { describe, expect, it } from 'vitest';
import { backendBaseFrom, onBackend } from './backend';

describe('backend address', () => {
  it('takes the runtime config first, then local storage, else this site', () => {
    expect(backendBaseFrom('https://api.example.com/', 'https://stored.example.com')).toBe('https://api.example.com');
    expect(backendBaseFrom(undefined, 'https://stored.example.com/driftbox/')).toBe(
      'https://stored.example.com/driftbox',
    );
    expect(backendBaseFrom('', null)).toBe('');
  });

  it('ignores what is not a plain http(s) base URL', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x.example',
      'https://x.example/?q=1',
      'https://x.example/#a',
      'https://u:p@x.example',
      'not a url',
      42,
    ]) {
      expect(backendBaseFrom(bad, null), String(bad)).toBe('');
    }
    expect(backendBaseFrom('not a url', 'http://localhost:8787')).toBe('http://localhost:8787');
  });

  it('makes server-relative URLs absolute against the backend, and leaves absolute ones alone', () => {
    expect(onBackend('/api/local-storage/local/object?sig=x', 'https://api.example.com')).toBe(
      'https://api.example.com/api/local-storage/local/object?sig=x',
    );
    expect(onBackend('/api/x', '')).toBe('/api/x');
    expect(onBackend('https://bucket.s3.example.com/k?X-Amz=1', 'https://api.example.com')).toBe(
      'https://bucket.s3.example.com/k?X-Amz=1',
    );
    expect(onBackend('//evil.example/x', 'https://api.example.com')).toBe('//evil.example/x');
  });
});

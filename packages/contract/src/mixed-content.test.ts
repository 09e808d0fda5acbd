import { describe, expect, it } from 'vitest';
import { isMixedContent } from './mixed-content.js';

describe('isMixedContent', () => {
  it('is true only for plain-http, non-loopback addresses seen from an https page', () => {
    expect(isMixedContent('https://paste.example.com', 'http://minio.lan:9000/k')).toBe(true);
    expect(isMixedContent('https://paste.example.com', 'http://192.168.1.20:9000/k')).toBe(true);
    expect(isMixedContent('https://paste.example.com', 'HTTP://MINIO.LAN/k')).toBe(true);
    expect(isMixedContent('https://paste.example.com', 'http://user@127.0.0.1.evil.example/k')).toBe(true);
    expect(isMixedContent('https://paste.example.com', 'https://bucket.s3.example.com/k')).toBe(false);
    expect(isMixedContent('http://paste.lan:8787', 'http://minio.lan:9000/k')).toBe(false);
    // Relative to the page: the app's own paths.
    expect(isMixedContent('https://paste.example.com', '/api/local-storage/abc/part')).toBe(false);
    for (const url of [
      'http://localhost:9000/k',
      'http://127.0.0.1:9000/k',
      'http://[::1]:9000/k',
      'http://[::1]/k',
      'HTTP://LOCALHOST/k',
    ])
      expect(isMixedContent('https://paste.example.com', url), url).toBe(false);
  });
});

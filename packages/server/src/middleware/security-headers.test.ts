import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { harnessPerSuite } from '../test/per-test.js';

// The app's hashed scripts and styles carry nosniff and the referrer policy, not the page directives (issue 30).

const root = mkdtempSync(path.join(tmpdir(), 'driftbox-asset-headers-'));
const webDist = path.join(root, 'web');
mkdirSync(path.join(webDist, 'assets'), { recursive: true });
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'export const x = 1;\n');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b.css'), 'body{color:red}\n');
writeFileSync(path.join(webDist, 'assets', 'logo-1a2b.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('security headers of the built app', () => {
  const h = harnessPerSuite({ dialect: 'sqlite', config: { webDist } });

  it('scripts and styles under /assets/: nosniff and no-referrer, without the page directives', async () => {
    for (const file of ['/assets/app-1a2b.js', '/assets/app-1a2b.css']) {
      const res = await h.call('GET', file);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toBeNull();
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
  });

  it('the page, the service worker and any other asset keep the whole set', async () => {
    for (const file of ['/', '/sw.js', '/assets/logo-1a2b.svg', '/assets/missing.js']) {
      const res = await h.call('GET', file);
      expect(res.headers.get('content-security-policy'), file).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), file).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
    }
  });
});

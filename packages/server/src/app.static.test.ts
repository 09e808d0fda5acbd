import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './middleware/security-headers.js';
import { createHarness, type Harness } from './test/harness.js';

describe('static web app', () => {
  let h: Harness;
  let root: string;
  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'driftbox-web-'));
    const webDist = path.join(root, 'web');
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Driftbox SPA</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{}');
    writeFileSync(path.join(root, 'secret.txt'), 'outside the web root');
    h = await createHarness({ dialect: 'sqlite', config: { webDist } });
  });
  afterEach(async () => {
    await h.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves index.html for / and for client routes, revalidated every time', async () => {
    for (const url of ['/', '/paste/abc', '/admin/key-management', '/mount-explorer/a/b.txt']) {
      const res = await h.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Driftbox SPA');
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('lets pages connect to plain-http storage endpoints, so the browser can PUT presigned uploads there', async () => {
    expect((await h.call('GET', '/upload')).headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self' https:;");
    const body = {
      name: 'lan minio',
      provider_type: 'Other S3 Compatible',
      endpoint_url: 'http://minio.lan:9000',
      bucket_name: 'shares',
      access_key_id: 'minio-key',
      secret_access_key: 'minio-secret-value',
      path_style: 1,
    };
    expect((await h.call('POST', '/api/s3-configs', { headers: h.actors.admin(), body })).status).toBe(201);
    const page = await h.call('GET', '/upload');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' https: http://minio.lan:9000;");
    // The file page plays and frames direct-mode links of that storage too (a PDF, a video).
    expect(page.headers.get('content-security-policy')).toContain(
      "media-src 'self' https: blob: http://minio.lan:9000;",
    );
    expect(page.headers.get('content-security-policy')).toContain("frame-src 'self' https: http://minio.lan:9000;");
    // API answers keep the static policy (no lookup per request).
    expect((await h.call('GET', '/api/health')).headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it("allows index.html's inline scripts by their SHA-256 only, read again when the build changes", async () => {
    const index = path.join(root, 'web', 'index.html');
    const boot = 'window.early = 1;';
    writeFileSync(index, `<!doctype html><script src="/config.js"></script><script>${boot}</script><title>x</title>`);
    const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    const policy = (await h.call('GET', '/paste/abc')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' ${hash};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // API answers keep the static policy.
    expect((await h.call('GET', '/api/health')).headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    // A new build: the old hash no longer runs (the size differs, so the cached hashes are replaced).
    writeFileSync(index, '<!doctype html><script>window.other = 22;</script><title>x</title>');
    const next = (await h.call('GET', '/')).headers.get('content-security-policy') ?? '';
    expect(next).not.toContain(hash);
    expect(next).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
  });

  it("revalidates a page with the page's policy: a 304's headers replace the cached page's", async () => {
    const boot = 'window.early = 2;';
    writeFileSync(path.join(root, 'web', 'index.html'), `<!doctype html><script>${boot}</script><title>x</title>`);
    const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    for (const url of ['/', '/upload']) {
      const first = await h.call('GET', url);
      const again = await h.call('GET', url, { headers: { 'If-None-Match': first.headers.get('etag')! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
      expect(again.headers.get('content-security-policy')).toContain(hash);
    }
    // Not for the built assets' revalidation.
    const asset = await h.call('GET', '/assets/app-1a2b.js');
    const assetAgain = await h.call('GET', '/assets/app-1a2b.js', {
      headers: { 'If-None-Match': asset.headers.get('etag')! },
    });
    expect(assetAgain.status).toBe(304);
    expect(assetAgain.headers.get('content-security-policy') ?? '').not.toContain(hash);
  });

  it('serves hashed assets as immutable with the right type', async () => {
    const res = await h.call('GET', '/assets/app-1a2b.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log(1)');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli or gzip copy to browsers that accept it, keyed by Vary", async () => {
    // Stand-ins for the copies packages/web/precompress.ts writes; the server sends them as they are.
    const assets = path.join(root, 'web', 'assets');
    writeFileSync(path.join(assets, 'app-1a2b.js.br'), 'BR');
    writeFileSync(path.join(assets, 'app-1a2b.js.gz'), 'GZ');
    const cases: [string | undefined, string, string | null][] = [
      ['gzip, deflate, br, zstd', 'BR', 'br'],
      ['gzip', 'GZ', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'GZ', 'gzip'],
      ['*', 'BR', 'br'],
      ['*, br;q=0', 'GZ', 'gzip'],
      ['identity', 'console.log(1)', null],
      [undefined, 'console.log(1)', null],
    ];
    for (const [accept, body, coding] of cases) {
      const res = await h.call(
        'GET',
        '/assets/app-1a2b.js',
        accept === undefined ? {} : { headers: { 'Accept-Encoding': accept } },
      );
      expect(res.text, String(accept)).toBe(body);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    }
    // Each coding has its own ETag, so a revalidation never swaps one body for another.
    const br = await h.call('GET', '/assets/app-1a2b.js', { headers: { 'Accept-Encoding': 'br' } });
    const plain = await h.call('GET', '/assets/app-1a2b.js');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(
      (
        await h.call('GET', '/assets/app-1a2b.js', {
          headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('etag')! },
        })
      ).status,
    ).toBe(304);
    expect(
      (
        await h.call('GET', '/assets/app-1a2b.js', {
          headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.get('etag')! },
        })
      ).status,
    ).toBe(200);
    // Without a copy (a build made elsewhere) the file goes out as it is.
    writeFileSync(path.join(root, 'web', 'robots.txt'), 'User-agent: *');
    const robots = await h.call('GET', '/robots.txt', { headers: { 'Accept-Encoding': 'br' } });
    expect(robots.text).toBe('User-agent: *');
    expect(robots.headers.get('content-encoding')).toBeNull();
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await h.call('GET', '/manifest.webmanifest');
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('content-type')).toContain('application/manifest+json');
    const again = await h.call('GET', '/manifest.webmanifest', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves the service worker and the manifest revalidated, never cached for long (issue 31)', async () => {
    const webDist = path.join(root, 'web');
    writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webDist, 'offline.html'), '<!doctype html><title>Page temporarily unavailable</title>');
    const worker = await h.call('GET', '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // A long-cached worker would keep every browser on an old build: the browser must revalidate it.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // Served from the root, so its default scope is the whole site: no Service-Worker-Allowed needed.
    expect(worker.headers.get('service-worker-allowed')).toBeNull();
    const manifest = await h.call('GET', '/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const offline = await h.call('GET', '/offline.html');
    expect(offline.text).toContain('Page temporarily unavailable');
    expect(offline.headers.get('cache-control')).toBe('no-cache');
  });

  it('names the installed app after the site title, keeping the rest of the built manifest (issue 31)', async () => {
    const built = { name: 'Driftbox', short_name: 'Driftbox', display: 'standalone', icons: [{ src: '/i.png' }] };
    writeFileSync(path.join(root, 'web', 'manifest.webmanifest'), JSON.stringify(built));
    const first = await h.call('GET', '/manifest.webmanifest');
    expect(first.body).toEqual(built);
    const admin = h.actors.admin();
    const put = await h.call('PUT', '/api/admin/settings/group/4', {
      headers: admin,
      body: { site_title: '团队剪贴板' },
    });
    expect(put.status).toBe(200);
    const renamed = await h.call('GET', '/manifest.webmanifest');
    expect(renamed.body).toEqual({ ...built, name: '团队剪贴板', short_name: '团队剪贴板' });
    expect(renamed.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(renamed.headers.get('cache-control')).toBe('no-cache');
    // A new title is a new ETag: a browser revalidating the old one gets the new name.
    expect(renamed.headers.get('etag')).not.toBe(first.headers.get('etag'));
    const stale = await h.call('GET', '/manifest.webmanifest', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(stale.status).toBe(200);
  });

  it('404s a missing asset instead of sending HTML as script', async () => {
    const res = await h.call('GET', '/assets/gone-9z9z.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Driftbox SPA');
  });

  it('never serves files outside the web root', async () => {
    for (const url of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await h.call('GET', url);
      expect(res.text).not.toContain('outside the web root');
    }
  });

  it('keeps /api/* out of the fallback', async () => {
    const res = await h.call('GET', '/api/unknown');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, error: 'NOT_FOUND', success: false });
  });

  it("sets the page's lang from the stored choice (cookie), else Accept-Language, before any script runs", async () => {
    const webDist = path.join(root, 'web');
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><title>Driftbox SPA</title></html>',
    );
    const lang = async (headers: Record<string, string>) => {
      const res = await h.call('GET', '/paste/abc', { headers });
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      return /<html lang="([^"]+)"/.exec(res.text)?.[1];
    };
    expect(await lang({})).toBe('en');
    expect(await lang({ 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('zh-CN');
    expect(await lang({ 'Accept-Language': 'zh-CN', Cookie: 'language=en' })).toBe('en');
    expect(await lang({ 'Accept-Language': 'en-US', Cookie: 'language=zh-CN' })).toBe('zh-CN');
    // A rewritten page revalidates like the built one, with its own validator.
    const first = await h.call('GET', '/', { headers: { Cookie: 'language=zh-CN' } });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/-zh-CN"$/);
    const again = await h.call('GET', '/', { headers: { Cookie: 'language=zh-CN', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('says how to build the web app when there is no build', async () => {
    const bare = await createHarness({ dialect: 'sqlite' });
    try {
      const res = await bare.call('GET', '/');
      expect(res.status).toBe(503);
      expect(res.text).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

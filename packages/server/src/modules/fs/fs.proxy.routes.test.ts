import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls, storageKinds } from './fs.test-support.js';

type Links = { preview_url: string; download_url: string };

const combos = dialects.flatMap((d) => storageKinds.map((s) => [d, s] as const));

// Signed /api/p links (notes §4.3 without its faults, §7.9): path, expiry and disposition signed, links
// expiring by default (proxy_sign_expires 3600), "never" only when a mount says sign_expires 0.
describe.each(combos)('fs proxy links (%s, %s)', (dialect, storage) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  const NAME = 'my file 中.txt';

  beforeAll(async () => {
    const configId = await fs.configFor(storage);
    await fs.mount(configId, '/pub', { web_proxy: 1 });
    await fs.mount(configId, '/forever', { web_proxy: 1, sign_expires: 0 });
    await fs.mount(configId, '/plain');
    await fs.seed(configId, { [`docs/${NAME}`]: 'proxied bytes', 'page.html': '<script>x</script>' });
  });

  // Tests move the clock past link lifetimes; the admin's session must outlive the suite.
  let start = new Date();
  beforeEach(() => {
    start = h.clock.now();
  });
  afterEach(() => {
    h.clock.set(start);
  });

  const linksOf = async (path: string): Promise<Links> => {
    const res = await h.call('GET', `/api/fs/get?path=${fs.q(path)}`, { headers: h.actors.admin() });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Links;
  };

  it('get hands out signed proxy links that anyone holding them can use, with Range', async () => {
    const links = await linksOf(`/pub/docs/${NAME}`);
    expect(links.preview_url).toMatch(/^\/api\/p\/pub\/docs\/my%20file%20%E4%B8%AD\.txt\?sign=[\w-]+:\d+$/);
    expect(links.download_url).toMatch(/\?download=true&sign=/);
    const view = await fs.raw(links.preview_url);
    expect(view.status).toBe(200);
    expect(view.text).toBe('proxied bytes');
    expect(view.headers.get('content-disposition')).toMatch(/^inline/);
    const file = await fs.raw(links.download_url);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    const part = await fs.raw(links.preview_url, { Range: 'bytes=0-6' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('proxied');
  });

  it('refuses a missing, tampered or re-purposed signature, and an expired link', async () => {
    const { preview_url } = await linksOf(`/pub/docs/${NAME}`);
    const path = preview_url.split('?')[0]!;
    const sign = new URL(preview_url, 'http://x').searchParams.get('sign')!;
    const [mac, expiry] = sign.split(':');
    for (const url of [
      path,
      `${path}?sign=${mac!.slice(0, -2)}AA:${expiry}`,
      `${path}?sign=${mac}:${Number(expiry) + 10}`,
      `${path}?download=true&sign=${sign}`,
      `/api/p/pub/docs/other.txt?sign=${sign}`,
    ]) {
      const res = await fs.raw(url);
      expect(res.status, url).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    h.clock.advance(3601 * 1000);
    expect((await fs.raw(preview_url)).status).toBe(403);
  });

  it('never expires only when the mount says so (sign_expires 0)', async () => {
    const { preview_url } = await linksOf(`/forever/docs/${NAME}`);
    expect(preview_url).toMatch(/:0$/);
    h.clock.advance(365 * 24 * 3600 * 1000);
    expect((await fs.raw(preview_url)).status).toBe(200);
  });

  it('file-link on a proxy mount gives a proxy link of the asked lifetime', async () => {
    const res = await h.call(
      'GET',
      `/api/fs/file-link?path=${fs.q(`/pub/docs/${NAME}`)}&expires_in=60&force_download=true`,
      {
        headers: h.actors.admin(),
      },
    );
    expect(res.status, res.text).toBe(200);
    const link = res.body.data as { presignedUrl: string; expiresIn: number; forceDownload: boolean };
    expect(link).toMatchObject({ expiresIn: 60, forceDownload: true });
    expect(link.presignedUrl).toMatch(/^\/api\/p\/pub\/.*download=true&sign=/);
    expect((await fs.raw(link.presignedUrl)).status).toBe(200);
    h.clock.advance(61 * 1000);
    expect((await fs.raw(link.presignedUrl)).status).toBe(403);
  });

  it('serves script-capable files only as attachments', async () => {
    const { preview_url } = await linksOf('/pub/page.html');
    const res = await fs.raw(preview_url);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for mounts without web proxy and 400 for traversal', async () => {
    expect((await fs.raw(`/api/p/plain/docs/x.txt`)).status).toBe(404);
    // The URL parser itself folds `%2e%2e` (to /api/p/plain/…): never past the proxy mount check.
    expect((await fs.raw('/api/p/pub/%2e%2e/plain/docs/x.txt')).status).toBe(404);
    expect((await fs.raw('/api/p/pub/%252e%252e/x')).status).toBe(400);
    expect((await fs.raw('/api/p/pub/docs%5c..%5cx')).status).toBe(400);
  });

  it('needs no signature when neither proxy_sign_all nor the mount asks for one', async () => {
    const put = await h.call('PUT', '/api/admin/settings/group/1', {
      headers: h.actors.admin(),
      body: { proxy_sign_all: false },
    });
    expect(put.status, put.text).toBe(200);
    const { preview_url } = await linksOf(`/pub/docs/${NAME}`);
    expect(preview_url).not.toContain('sign=');
    expect((await fs.raw(preview_url)).text).toBe('proxied bytes');
  });
});

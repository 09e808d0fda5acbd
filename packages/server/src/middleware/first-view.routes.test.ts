import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceTag } from '@driftbox/contract/markdown/source';
import { fileRow, seedFile } from '../modules/files/files.test-support.js';
import { seedPaste, pasteRow } from '../modules/pastes/pastes.test-support.js';
import { dialects } from '../test/harness.js';
import { harnessPerTest } from '../test/per-test.js';

// Issue 30: /paste/{slug} of an open paste carries its text in the HTML; nothing of any other paste, no view counted.

const PLACEHOLDER = '<div class="placeholder" aria-busy="true"></div>';
const root = mkdtempSync(path.join(tmpdir(), 'driftbox-first-view-'));
const webDist = path.join(root, 'web');
mkdirSync(webDist, { recursive: true });
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html lang="en"><head><script>window.x=1</script></head>` +
    `<body><div id="root"><main><!--first-view-->${PLACEHOLDER}<!--/first-view--></main></div></body></html>`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(dialects)('the first view of /paste/{slug} (%s)', (dialect) => {
  const h = harnessPerTest({ dialect, config: { webDist } });
  const page = (slug: string) => h.call('GET', `/paste/${encodeURIComponent(slug)}`);

  it('an open paste: its title and text in the page, escaped; no view counted; the CSP as strict', async () => {
    const content = '# Notes\n\n</script><img src=x onerror=alert(1)> & "quotes" \'too\'';
    await seedPaste(h, { slug: 'open', content, remark: '<b onmouseover=alert(2)>remark</b>' });
    const res = await page('open');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).not.toContain(PLACEHOLDER);
    // Rendered by the light Markdown preset: the paste's own markup arrives as text.
    expect(res.text).toContain('<h1 id="md-notes" aria-level="2">Notes</h1>');
    expect(res.text).toContain(
      "<p>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot; 'too'</p>",
    );
    expect(res.text).toContain(`data-first-view-markdown="${sourceTag(content)}"`);
    expect(res.text).toContain(
      'data-toc="[{&quot;level&quot;:1,&quot;text&quot;:&quot;Notes&quot;,&quot;id&quot;:&quot;md-notes&quot;}]"',
    );
    expect(res.text).toContain('&lt;b onmouseover=alert(2)&gt;remark&lt;/b&gt;</h1>');
    expect(res.text).not.toMatch(/<img|<b |<\/script><img/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    expect((await pasteRow(h, 'open')).views).toBe(0);
    // The app's own read is the page's one view.
    expect((await h.call('GET', '/api/paste/open')).status).toBe(200);
    expect((await pasteRow(h, 'open')).views).toBe(1);
  });

  it('a paste with code or math, or links to scripts: its text as written, or links dropped', async () => {
    await seedPaste(h, { slug: 'code', content: '# Code\n\n```js\nlet a = "<b>";\n```' });
    const code = await page('code');
    expect(code.text).toContain(
      '<div class="first-view-text"># Code\n\n```js\nlet a = &quot;&lt;b&gt;&quot;;\n```</div>',
    );
    expect(code.text).not.toContain('data-first-view-markdown');
    const links = '[a](javascript:alert(1)) ![b](javascript:alert(2)) [c](data:text/html,<script>x</script>) <script>';
    await seedPaste(h, { slug: 'links', content: links });
    const linked = await page('links');
    const view = linked.text.slice(linked.text.indexOf('data-first-view='));
    expect(view).toContain('data-first-view-markdown');
    expect(view).not.toMatch(/href="(javascript|data)|src="javascript|<script>/);
  });

  it('is compressed as the client accepts, as the built pages are', async () => {
    await seedPaste(h, { slug: 'packed', content: '# Packed\n\n' + 'words and more words '.repeat(500) });
    const get = (encoding: string) =>
      h.app.request('/paste/packed', { headers: { 'Accept-Encoding': encoding, 'Accept-Language': 'zh-CN' } });
    const decoders: Record<string, (data: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(accept);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('content-type')).toContain('text/html');
      const raw = Buffer.from(await res.arrayBuffer());
      const html = decoders[coding]!(raw).toString('utf8');
      expect(html).toContain('<h1 id="md-packed" aria-level="2">Packed</h1>');
      expect(raw.length).toBeLessThan(html.length / 4);
    }
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('md-packed');
  });

  it('a long paste: only its head, marked as cut', async () => {
    await seedPaste(h, { slug: 'long', content: 'a'.repeat(20_000) + 'TAIL' });
    const res = await page('long');
    expect(res.text).toContain(`${'a'.repeat(20_000)}…`);
    expect(res.text).not.toContain('TAIL');
  });

  it('a paste with a password, a view limit, private or expired: nothing of it, and no view counted', async () => {
    const secret = 'secret text 7f3a';
    await seedPaste(h, { slug: 'locked', content: secret, remark: `${secret} title`, password: 'pw-123456' });
    await seedPaste(h, { slug: 'capped', content: secret, remark: `${secret} title`, maxViews: 2 });
    await seedPaste(h, { slug: 'private', content: secret, remark: `${secret} title`, is_public: false });
    await seedPaste(h, { slug: 'soon', content: secret, remark: `${secret} title`, expiry: 'hour' });
    h.clock.advance(2 * 60 * 60 * 1000);
    for (const slug of ['locked', 'capped', 'private', 'soon', 'missing']) {
      const res = await page(slug);
      expect(res.status, slug).toBe(200);
      expect(res.text, slug).toContain(PLACEHOLDER);
      expect(res.text, slug).not.toContain('7f3a');
    }
    for (const slug of ['locked', 'capped', 'private', 'soon']) expect((await pasteRow(h, slug)).views, slug).toBe(0);
  });

  it('other pages keep the placeholder', async () => {
    await seedPaste(h, { slug: 'open', content: 'shown only on its page' });
    for (const url of ['/', '/upload', '/paste/open/extra', '/paste/']) {
      expect((await h.call('GET', url)).text, url).toContain(PLACEHOLDER);
    }
  });

  it('an open image share: its picture from its view link; nothing of a protected, limited or non-image share', async () => {
    const png = 'not really a png, never decoded here';
    await seedFile(h, { name: 'photo "1".png', content: png, query: { slug: 'pic' } });
    const res = await h.call('GET', '/file/pic');
    expect(res.text).toContain('<img src="/api/file-view/pic" alt="photo &quot;1&quot;.png"');
    await seedFile(h, { name: 'locked.png', content: png, query: { slug: 'locked', password: 'open sesame' } });
    await seedFile(h, { name: 'capped.png', content: png, query: { slug: 'capped', max_views: '3' } });
    await seedFile(h, { name: 'drawing.svg', content: '<svg/>', query: { slug: 'svg' } });
    await seedFile(h, { name: 'notes.txt', content: 'text', query: { slug: 'text' } });
    for (const slug of ['locked', 'capped', 'svg', 'text', 'missing']) {
      const other = await h.call('GET', `/file/${slug}`);
      expect(other.text, slug).toContain(PLACEHOLDER);
      expect(other.text, slug).not.toContain('<img');
    }
    for (const slug of ['pic', 'locked', 'capped']) expect((await fileRow(h, slug))?.views, slug).toBe(0);
  });
});

import {
  Permission,
  resolveShareXTemplate,
  shareXConfig,
  type FileDetailDto,
  type ShareXConfig,
} from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects, type Harness } from '../../../test/harness.js';
import { harnessPerSuite } from '../../../test/per-test.js';

/** Exactly what ShareX sends for a config: its method, URL and headers, the file as the one multipart field. */
function shareXUpload(h: Harness, config: ShareXConfig, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append(config.FileFormName, new Blob([bytes], { type }), name);
  return h.app.request(config.RequestURL, { method: config.RequestMethod, headers: config.Headers, body: form });
}

/** GET that follows redirects within the app (a direct-mode link redirects to a signed storage URL). */
async function follow(h: Harness, url: string): Promise<Response> {
  let res = await h.app.request(url);
  for (let hops = 0; hops < 3 && res.status >= 300 && res.status < 400; hops++) {
    res = await h.app.request(new URL(res.headers.get('location') ?? '', url).toString());
  }
  return res;
}

describe.each(dialects)('a ShareX custom uploader config (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });

  it('uploads as ShareX sends it, and its URL templates lead to the uploaded file', async () => {
    const { key } = await h.createKey(Permission.FILE_SHARE, { name: 'sharex' });
    const config = shareXConfig({
      base: 'http://localhost',
      apiKey: key.key,
      keyName: key.name,
      siteTitle: 'Driftbox',
    });
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7) % 256);

    const res = await shareXUpload(h, config, bytes, 'screenshot.png', 'image/png');
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { data: FileDetailDto };
    expect(answer.data).toMatchObject({ filename: 'screenshot.png', mimetype: 'image/png', size: 4096 });

    const page = resolveShareXTemplate(config.URL, answer);
    expect(page).toBe(`http://localhost/file/${answer.data.slug}`);
    const shown = await h.call('GET', `/api/public/files/${answer.data.slug}`);
    expect(shown.body.data).toMatchObject({ filename: 'screenshot.png', size: 4096 });

    const file = await follow(h, resolveShareXTemplate(config.ThumbnailURL, answer));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("gives ShareX the server's message when the key may not upload", async () => {
    const { key } = await h.createKey(Permission.TEXT, { name: 'text only' });
    const config = shareXConfig({
      base: 'http://localhost/',
      apiKey: key.key,
      keyName: key.name,
      siteTitle: 'Driftbox',
    });
    const res = await shareXUpload(h, config, new Uint8Array([1, 2, 3]), 'a.bin', 'application/octet-stream');
    expect(res.status).toBe(403);
    expect(resolveShareXTemplate(config.ErrorMessage, await res.json())).toMatch(/permission/i);
  });
});

import type { FileDetailDto, FilePresignDto, MultipartInitDto, MultipartUrlsDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects, type Harness } from '../../../test/harness.js';
import { harnessPerSuite } from '../../../test/per-test.js';
import { putBytes } from '../files.test-support.js';
import { MiB, PART } from './file-uploads.test-support.js';

/** A socket the request arrived on, as @hono/node-server binds it (`app.request` has none). */
type Env = { incoming: { socket: { localAddress: string } } };

/** Issue 25, hardening 4 and wire 3: links and LOCAL signed URLs name PUBLIC_URL or an allowed host only. */
function requests(h: Harness) {
  const send = async (
    url: string,
    init: { method: string; body?: unknown; headers?: Record<string, string> },
    env?: Env,
  ) => {
    const res = await h.app.request(
      url,
      {
        method: init.method,
        headers: { ...h.actors.admin(), 'Content-Type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      env as never,
    );
    const text = await res.text();
    return { status: res.status, text, data: (text ? (JSON.parse(text) as { data: unknown }).data : null) as never };
  };
  let count = 0;
  const presign = (origin: string, headers: Record<string, string> = {}, env?: Env) =>
    send(
      `${origin}/api/s3/presign`,
      { method: 'POST', body: { filename: 'a.txt', size: 5, slug: `p${++count}` }, headers },
      env,
    );
  return { send, presign };
}

describe.each(dialects)('absolute links and signed URLs (%s)', (dialect) => {
  describe('without PUBLIC_URL', () => {
    const h = harnessPerSuite({ dialect, config: { allowedHosts: ['files.example'] } });
    const { send, presign } = requests(h);

    it('refuses a Host it was not told about on every route that builds a link, echoing it nowhere', async () => {
      const evil = 'http://evil.example';
      const answers = [
        await presign(evil),
        await send(`${evil}/api/upload/multipart/init`, {
          method: 'POST',
          body: { filename: 'b.bin', size: PART + 1, partSize: PART, partCount: 2 },
        }),
        await send(`${evil}/api/upload-direct/c.txt`, { method: 'PUT', body: 'hello' }),
        await send(`${evil}/api/url/fetch/nope`, { method: 'GET' }),
      ];
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(400);
        expect(answer.text).not.toContain('evil.example');
      }
      // An existing share's detail, too.
      const made = await presign('http://localhost');
      const detail = await send(`${evil}/api/files/${(made.data as FilePresignDto).file_id}`, { method: 'GET' });
      expect(detail.status, detail.text).toBe(400);
      expect(detail.text).not.toContain('evil.example');
    });

    it('hands out absolute LOCAL upload URLs on an allowed host, which take the bytes', async () => {
      const res = await presign('http://files.example:8443');
      expect(res.status, res.text).toBe(200);
      const data = res.data as FilePresignDto;
      expect(data.upload_url).toMatch(/^http:\/\/files\.example:8443\/api\/local-storage\/local\/object\?/);
      expect(data.url).toBe(`http://files.example:8443/file/${data.slug}`);
      const put = await putBytes(h, data.upload_url, new TextEncoder().encode('hello'), data.headers);
      expect(put.status, put.text).toBe(200);
      const commit = await send('http://files.example:8443/api/s3/commit', {
        method: 'POST',
        body: { file_id: data.file_id },
      });
      expect(commit.status, commit.text).toBe(200);
      expect((commit.data as FileDetailDto).download_url).toBe(
        `http://files.example:8443/api/file-download/${data.slug}`,
      );
    });

    it('makes multipart part URLs absolute, at init and on refresh', async () => {
      const origin = 'http://localhost:8787';
      const body = { filename: 'big.bin', size: 2 * MiB + PART, partSize: PART, partCount: 2 };
      const init = await send(`${origin}/api/upload/multipart/init`, { method: 'POST', body });
      expect(init.status, init.text).toBe(200);
      const started = init.data as MultipartInitDto;
      for (const part of started.part_urls)
        expect(part.url.startsWith(`${origin}/api/local-storage/local/part?`)).toBe(true);
      const refreshed = await send(`${origin}/api/upload/multipart/refresh-urls`, {
        method: 'POST',
        body: { file_id: started.file_id, partNumbers: [2] },
      });
      expect(refreshed.status, refreshed.text).toBe(200);
      expect((refreshed.data as MultipartUrlsDto).part_urls[0]?.url).toMatch(
        /^http:\/\/localhost:8787\/api\/local-storage\//,
      );
    });

    it('takes an IP address for a host only when the connection arrived on it', async () => {
      const arrivedOn = { incoming: { socket: { localAddress: '::ffff:10.1.2.3' } } };
      const own = await presign('http://10.1.2.3:8787', {}, arrivedOn);
      expect(own.status, own.text).toBe(200);
      expect((own.data as FilePresignDto).upload_url.startsWith('http://10.1.2.3:8787/api/local-storage/')).toBe(true);
      expect((await presign('http://10.6.6.6:8787', {}, arrivedOn)).status).toBe(400);
    });

    it('ignores X-Forwarded-Host and -Proto without TRUST_PROXY', async () => {
      const res = await presign('http://localhost', {
        'X-Forwarded-Host': 'files.example',
        'X-Forwarded-Proto': 'https',
      });
      expect(res.status, res.text).toBe(200);
      const data = res.data as FilePresignDto;
      expect(data.url).toBe(`http://localhost/file/${data.slug}`);
      expect(data.upload_url.startsWith('http://localhost/api/local-storage/')).toBe(true);
    });
  });

  describe('with TRUST_PROXY', () => {
    const h = harnessPerSuite({ dialect, config: { trustProxy: true, allowedHosts: ['files.example'] } });
    const { presign } = requests(h);

    it("honours the proxy's X-Forwarded-Host and -Proto, when that host is allowed", async () => {
      const res = await presign('http://127.0.0.1:8787', {
        'X-Forwarded-Host': 'files.example',
        'X-Forwarded-Proto': 'https',
      });
      expect(res.status, res.text).toBe(200);
      const data = res.data as FilePresignDto;
      expect(data.url).toBe(`https://files.example/file/${data.slug}`);
      expect(data.upload_url.startsWith('https://files.example/api/local-storage/')).toBe(true);
      const poisoned = await presign('http://localhost', { 'X-Forwarded-Host': 'evil.example' });
      expect(poisoned.status).toBe(400);
      expect(poisoned.text).not.toContain('evil.example');
    });
  });

  describe('with PUBLIC_URL', () => {
    const h = harnessPerSuite({ dialect, config: { trustProxy: true, publicUrl: 'https://share.example.com' } });
    const { presign } = requests(h);

    it('builds every link on PUBLIC_URL, whatever Host or X-Forwarded-Host say', async () => {
      const res = await presign('http://evil.example', {
        'X-Forwarded-Host': 'evil2.example',
        'X-Forwarded-Proto': 'http',
      });
      expect(res.status, res.text).toBe(200);
      const data = res.data as FilePresignDto;
      expect(data.url).toBe(`https://share.example.com/file/${data.slug}`);
      expect(data.upload_url.startsWith('https://share.example.com/api/local-storage/local/object?')).toBe(true);
      expect(res.text).not.toMatch(/evil2?\.example/);
    });
  });
});

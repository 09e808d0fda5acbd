import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { FileDetailDto } from '@driftbox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { localKeys } from './files.test-support.js';

// Uploads served by node-server read the Node request itself (not its web-stream wrapper); these run
// over a real socket on loopback, so that path — and answering 413 before the body ends — is tested.
describe('uploads over a real HTTP connection', () => {
  let h: Harness;
  let server: ServerType;
  let base = '';

  beforeAll(async () => {
    h = await createHarness({ dialect: 'sqlite' });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.close();
  });

  /** A body of `chunks` × 16 KiB, sent as it is produced (chunked, no Content-Length). */
  const streamed = (chunks: number) =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks-- > 0) controller.enqueue(new Uint8Array(16 * 1024).fill(120));
        else controller.close();
      },
    });

  it('streams upload-direct and the form from the socket into storage', async () => {
    const direct = await fetch(`${base}/api/upload-direct/stream.bin?use_proxy=1`, { method: 'PUT', headers: h.actors.admin(), body: streamed(64), duplex: 'half' } as RequestInit);
    expect(direct.status).toBe(201);
    expect(((await direct.json()) as { data: FileDetailDto }).data).toMatchObject({ size: 64 * 16 * 1024 });
    const form = new FormData();
    form.append('slug', 'over-http');
    form.append('file', new Blob([new Uint8Array(300_000).fill(65)]), 'form.bin');
    const posted = await fetch(`${base}/api/upload`, { method: 'POST', headers: h.actors.admin(), body: form });
    expect(posted.status).toBe(201);
    const download = await fetch(`${base}/api/file-download/over-http`, { redirect: 'manual' });
    expect([200, 302]).toContain(download.status);
  });

  it('answers 413 while the client is still sending, and keeps nothing', async () => {
    await h.call('PUT', '/api/admin/settings/group/1', { headers: h.actors.admin(), body: { max_upload_size: '64', max_upload_size_unit: 'KB' } });
    const before = (await localKeys(h)).length;
    const res = await fetch(`${base}/api/upload-direct/too-big.bin`, { method: 'PUT', headers: h.actors.admin(), body: streamed(64), duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/^File too large: at least [\d.]+ KB exceeds the maximum upload size of 64\.0 KB$/) });
    expect((await localKeys(h)).length).toBe(before);
  });
});

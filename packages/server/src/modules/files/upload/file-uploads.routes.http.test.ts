import { readdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { FileDetailDto } from '@driftbox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { localKeys } from '../files.test-support.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const direct = await fetch(`${base}/api/upload-direct/stream.bin?use_proxy=1`, {
      method: 'PUT',
      headers: h.actors.admin(),
      body: streamed(64),
      duplex: 'half',
    } as RequestInit);
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
    await h.call('PUT', '/api/admin/settings/group/1', {
      headers: h.actors.admin(),
      body: { max_upload_size: '64', max_upload_size_unit: 'KB' },
    });
    const before = (await localKeys(h)).length;
    const res = await fetch(`${base}/api/upload-direct/too-big.bin`, {
      method: 'PUT',
      headers: h.actors.admin(),
      body: streamed(64),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: 413,
      error: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(
        /^File too large: at least [\d.]+ KB exceeds the maximum upload size of 64\.0 KB$/,
      ),
    });
    expect((await localKeys(h)).length).toBe(before);
  });
  /**
   * Opens a raw connection, sends the head of a request announcing `length` body bytes and then
   * `sent` of them, and drops the connection once the server holds a pending share for it.
   */
  async function dropMidway(head: string, body: Buffer, sent: number): Promise<void> {
    const port = (server.address() as AddressInfo).port;
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head);
    socket.write(body.subarray(0, sent));
    for (let i = 0; i < 200 && !(await pendingCount()); i++) await sleep(10);
    expect(await pendingCount()).toBe(1);
    socket.destroy();
  }
  const pendingCount = async () =>
    Number(
      (
        await h.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tmpFiles = () => readdirSync(path.join(h.config.dataDir, 'storage', 'local', 'tmp'));

  it('a client that disconnects midway leaves no share, no object and no temp file behind', async () => {
    await h.call('PUT', '/api/admin/settings/group/1', {
      headers: h.actors.admin(),
      body: { max_upload_size: '100', max_upload_size_unit: 'MB' },
    });
    await h.db.deleteFrom('files').execute();
    const auth = new Headers(h.actors.admin()).get('authorization');
    const body = Buffer.alloc(4 * 1024 * 1024, 7);
    const keys = await localKeys(h);

    await dropMidway(
      `PUT /api/upload-direct/dropped.bin HTTP/1.1\r\nhost: localhost\r\nauthorization: ${auth}\r\ncontent-length: ${body.length}\r\n\r\n`,
      body,
      1024 * 1024,
    );
    for (let i = 0; i < 200 && (await pendingCount()) > 0; i++) await sleep(10);
    expect(await pendingCount()).toBe(0);
    expect(await localKeys(h)).toEqual(keys);
    expect(tmpFiles()).toEqual([]);

    const boundary = 'dropped-boundary';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="dropped.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await dropMidway(
      `POST /api/upload HTTP/1.1\r\nhost: localhost\r\nauthorization: ${auth}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${form.length}\r\n\r\n`,
      form,
      1024 * 1024,
    );
    for (let i = 0; i < 200 && (await pendingCount()) > 0; i++) await sleep(10);
    expect(await pendingCount()).toBe(0);
    expect(await localKeys(h)).toEqual(keys);
    expect(tmpFiles()).toEqual([]);
  });
});

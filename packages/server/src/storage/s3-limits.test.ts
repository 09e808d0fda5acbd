import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store, streamPartSize } from './s3.driver.js';

// An endpoint that accepts connections and never answers: every short request gives up at its deadline
// instead of holding the request (and a pooled socket) forever.
describe('S3 requests against an endpoint that never answers', () => {
  let server: Server;
  const sockets: Socket[] = [];
  let endpoint = '';
  beforeAll(async () => {
    server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('head, get, list and delete fail with "did not answer" at the deadline', async () => {
    const store = createS3Store({
      provider: 'Other S3 Compatible',
      endpoint,
      region: 'us-east-1',
      bucket: 'silent',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      pathStyle: true,
      answerDeadlineMs: 300,
    });
    const silent = { code: 'BACKEND', message: 'The storage did not answer within 0.3 s' };
    const started = Date.now();
    await expect(store.head('a.txt')).rejects.toMatchObject(silent);
    await expect(store.get('a.txt')).rejects.toMatchObject(silent);
    await expect(store.list({ prefix: '' })).rejects.toMatchObject(silent);
    await expect(store.delete(['a.txt'])).rejects.toMatchObject(silent);
    expect(Date.now() - started).toBeLessThan(10_000);
    store.close();
  });
});

describe('streamed uploads into parts', () => {
  it('8 MiB parts, larger ones when a known length would need more than 10 000', () => {
    const MiB = 1024 ** 2;
    expect(streamPartSize(undefined)).toBe(8 * MiB);
    expect(streamPartSize(10_000 * 8 * MiB)).toBe(8 * MiB);
    const huge = 100 * 1024 ** 3;
    expect(Math.ceil(huge / streamPartSize(huge))).toBeLessThanOrEqual(10_000);
  });
});

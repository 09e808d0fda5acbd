import { describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../storage/object-store.js';
import { probeStore, type FetchLike } from './storage-configs.probe.js';

const ORIGIN = 'https://paste.example.com';

describe('answers the storage test reads', () => {
  it('reads only the start of an endless answer: a web page streaming forever is still named as not an S3 server', async () => {
    let sent = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 65536;
          controller.enqueue(new Uint8Array(65536).fill(60));
        },
      });
    const store = {
      list: async () => ({ objects: [], prefixes: [] }),
      presignGet: async () => ({ method: 'GET', url: 'https://web.example.com/k', headers: {}, expiresAt: new Date() }),
    } as unknown as ObjectStore;
    const fetch: FetchLike = async () => new Response(endless(), { status: 200 });
    const result = await probeStore(store, {
      kind: 'S3',
      provider: 'Other',
      folder: '',
      origin: ORIGIN,
      fetch,
      expiresIn: 60,
      probeId: 'p2',
      lang: 'en',
    });
    expect(result.checks.find((c) => c.name === 'list')).toMatchObject({
      ok: false,
      message: expect.stringContaining('did not answer like an S3 server (HTTP 200)'),
    });
    expect(sent).toBeLessThan(1024 * 1024);
  }, 10_000);
});

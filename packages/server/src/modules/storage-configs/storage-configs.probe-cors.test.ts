import { describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../storage/object-store.js';
import { assertNotMixedContent } from './storage-configs.probe-cors.js';
import { probeStore, type FetchLike } from './storage-configs.probe.js';

const ORIGIN = 'https://paste.example.com';
const BUCKET_URL = 'https://bucket.s3.us-west-004.backblazeb2.com/k?X-Amz-Signature=1';

/** A Backblaze bucket as the CORS check sees it: presigned URLs, and a preflight answer allowing `allowHeaders`. */
function backblaze(allowHeaders: string) {
  const preflights: Record<string, string>[] = [];
  const signed = (method: 'GET' | 'PUT', headers: Record<string, string>) => ({
    method,
    url: BUCKET_URL,
    headers,
    expiresAt: new Date(),
  });
  const store = {
    presignPut: async () => signed('PUT', { 'Content-Type': 'text/plain', 'X-Bz-Content-Sha1': 'do_not_verify' }),
    presignGet: async () => signed('GET', {}),
  } as unknown as ObjectStore;
  const fetch: FetchLike = async (_url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (init?.method === 'OPTIONS') {
      preflights.push(headers);
      return new Response(null, {
        status: 200,
        headers: {
          'Access-Control-Allow-Origin': ORIGIN,
          'Access-Control-Allow-Methods': 'GET, PUT, HEAD',
          'Access-Control-Allow-Headers': allowHeaders,
        },
      });
    }
    return new Response('x', {
      status: 200,
      headers: { 'Access-Control-Allow-Origin': ORIGIN, 'Access-Control-Expose-Headers': 'ETag' },
    });
  };
  const cors = async () => {
    const result = await probeStore(store, {
      kind: 'S3',
      provider: 'Backblaze B2',
      folder: '',
      origin: ORIGIN,
      fetch,
      expiresIn: 60,
      probeId: 'p1',
      lang: 'en',
    });
    return result.checks.find((c) => c.name === 'cors');
  };
  return { preflights, cors };
}

describe('the CORS check of a storage test', () => {
  it('fails up front when an https page would call a plain-http bucket (mixed content), in both languages', () => {
    let error: unknown;
    try {
      assertNotMixedContent('https://paste.example.com', 'http://minio.lan:9000/shares/probe.txt?X-Amz-Signature=1');
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({
      text: {
        en: 'Pages on https://paste.example.com cannot reach http://minio.lan:9000: browsers block plain-http requests from https pages (mixed content). Give this storage an https endpoint.',
        zh: expect.stringContaining('混合内容'),
      },
    });
  });
});

describe('the CORS check asks for the headers the uploader sends', () => {
  it('Backblaze: the preflight names x-bz-content-sha1 too, and rules allowing only content-type fail with a hint naming both', async () => {
    const narrow = backblaze('content-type');
    expect(await narrow.cors()).toMatchObject({
      ok: false,
      message: expect.stringContaining('headers content-type and x-bz-content-sha1'),
    });
    expect(narrow.preflights[0]?.['Access-Control-Request-Headers']).toBe('content-type,x-bz-content-sha1');
    expect(await backblaze('content-type, x-bz-content-sha1').cors()).toMatchObject({ ok: true });
    expect(await backblaze('*').cors()).toMatchObject({ ok: true });
  });
});

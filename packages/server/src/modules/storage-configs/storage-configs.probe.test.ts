import { describe, expect, it } from 'vitest';
import { assertNotMixedContent } from './storage-configs.probe.js';

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

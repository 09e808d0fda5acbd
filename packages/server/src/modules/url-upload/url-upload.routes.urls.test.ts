import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { urlUploadHarness } from './url-upload.test-support.js';

/**
 * URLs that pass a scheme check but that WHATWG URL parsing refuses (IPv6 zone ids, a broken host or port).
 * Every URL route answers them 400 at `url`, in the caller's language — never a 500 from a parser deep in a
 * service (issue 25, hardening 3).
 */
const UNPARSABLE = [
  'http://[::1%25lo]:8812/x',
  'http://[fe80::1%25eth0]/a.bin',
  'http://[::1/x',
  'http://exa mple.com/a',
  'http://example.com:99999/a',
  'https://[1.2.3.4]/a',
  'http:///',
];

const POST_ROUTES = ['/api/url/info', '/api/url/presign', '/api/url/multipart/init', '/api/url/fetch'];

describe.each(dialects)('URL routes refuse unparsable URLs (%s)', (dialect) => {
  const { h, post } = urlUploadHarness(dialect);

  it.each(POST_ROUTES)('POST %s answers 400 at url for each', async (route) => {
    for (const url of UNPARSABLE) {
      const res = await post(route, { url, size: 4 });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body).toMatchObject({ code: 400, success: false, error: 'VALIDATION_FAILED' });
      expect(res.body.details).toEqual([{ path: 'url', message: 'Must be an http or https URL' }]);
    }
  });

  it('GET /api/url/proxy answers 400 for each, in Chinese when asked', async () => {
    for (const url of UNPARSABLE) {
      const res = await h.call('GET', `/api/url/proxy?url=${encodeURIComponent(url)}`, {
        headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body.details).toEqual([{ path: 'url', message: '必须是 http 或 https URL' }]);
    }
  });
});

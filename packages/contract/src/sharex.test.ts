import { describe, expect, it } from 'vitest';
import { resolveShareXTemplate, shareXConfig, shareXFileName } from './sharex.js';

describe('ShareX config', () => {
  it('posts to the upload route of the base, with the key in the ApiKey scheme', () => {
    const config = shareXConfig({
      base: 'https://box.example/sub/',
      apiKey: 'k3y',
      keyName: 'laptop',
      siteTitle: 'Box',
    });
    expect(config).toMatchObject({
      Name: 'Box (laptop)',
      RequestMethod: 'POST',
      RequestURL: 'https://box.example/sub/api/upload',
      Headers: { Authorization: 'ApiKey k3y' },
      Body: 'MultipartFormData',
      FileFormName: 'file',
      URL: '{json:data.url}',
    });
  });

  it('names the file after the key, in characters every file system takes', () => {
    expect(shareXFileName('my key/../x')).toBe('my-key-x.sxcu');
    expect(shareXFileName('截图 2')).toBe('截图-2.sxcu');
    expect(shareXFileName('///')).toBe('driftbox.sxcu');
  });

  it('resolves json templates as ShareX does, missing fields as empty', () => {
    const answer = { data: { url: 'https://x/file/a', n: 0 }, message: 'ok' };
    expect(resolveShareXTemplate('{json:data.url}', answer)).toBe('https://x/file/a');
    expect(resolveShareXTemplate('{json:data.n}|{json:data.none.deeper}', answer)).toBe('0|');
  });
});

import { describe, expect, it } from 'vitest';
import { isSecretField, REDACTED, redactFields, redactText } from './log-redact.js';
import { memoryLogger } from './logger.js';

describe('log redaction', () => {
  it('redacts secret-named fields, whatever their value, and keeps the others as they are', () => {
    const fields = {
      password: 'hunter22',
      newPassword: 'x',
      token: 't',
      access_token: 'a',
      Authorization: 'Bearer abc',
      cookie: 'sid=1',
      secret: 's',
      apiKey: 'k',
      secret_key: 'k',
      accessKeyId: 'AKIA',
      sign: 'mac:1',
      signature: 'x',
      requestId: 'req-1',
      key: 'shares/a.txt',
      count: 3,
      ok: true,
      gone: undefined,
    };
    expect(redactFields(fields)).toEqual({
      ...fields,
      ...Object.fromEntries(
        [
          'password',
          'newPassword',
          'token',
          'access_token',
          'Authorization',
          'cookie',
          'secret',
          'apiKey',
          'secret_key',
          'accessKeyId',
          'sign',
          'signature',
        ].map((k) => [k, REDACTED]),
      ),
    });
    expect(['requestId', 'key', 'path', 'error', 'status'].some(isSecretField)).toBe(false);
  });

  it('leaves clean fields as the same object (no copy per log line)', () => {
    const fields = { requestId: 'r', path: '/api/paste/abc', ms: 3 };
    expect(redactFields(fields)).toBe(fields);
  });

  it.each([
    ['Authorization: Bearer abc.def-123', 'Authorization: Bearer [redacted]'],
    ['got basic dXNlcjpwYXNz and ApiKey K3y', 'got basic [redacted] and ApiKey [redacted]'],
    ['/api/p/a.txt?download=true&sign=mac123:99', '/api/p/a.txt?download=true&sign=[redacted]'],
    [
      '/api/local-storage/c/object?key=a&exp=9&sig=abc',
      '/api/local-storage/c/object?key=[redacted]&exp=9&sig=[redacted]',
    ],
    ['/api/raw/x?password=open%20sesame#top', '/api/raw/x?password=[redacted]#top'],
    [
      'https://b.s3/k?X-Amz-Credential=AK%2F1&X-Amz-Signature=f00',
      'https://b.s3/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]',
    ],
    [
      'connect postgres://driftbox:pa55word@db:5432/x failed',
      'connect postgres://driftbox:[redacted]@db:5432/x failed',
    ],
    ['body {"username":"a","password":"p w"}', 'body {"username":"a","password":[redacted]}'],
    ['token=abc123 user=bob', 'token=[redacted] user=bob'],
  ])('redacts secrets inside text: %s', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it('keeps ordinary text untouched', () => {
    for (const text of ['GET /api/paste/abc 200 3.1ms', 'Task handler failed', 'at file:///srv/app.js:12:5']) {
      expect(redactText(text)).toBe(text);
    }
  });

  it('every logger passes it: a secret given to memoryLogger is never stored', () => {
    const logger = memoryLogger();
    logger.error('login failed for postgres://u:topsecret@h/db', { password: 'topsecret', url: '/x?token=topsecret' });
    expect(JSON.stringify(logger.entries)).not.toContain('topsecret');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './middleware/security-headers.js';
import { createHarness, dialects, type Harness } from './test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(dialects)('app shell (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  describe('envelope and errors', () => {
    it('answers an unknown /api route with the 404 envelope', async () => {
      const res = await h.call('GET', '/api/nope', { headers: { 'X-Request-Id': 'req-123' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 404,
        message: 'API route not found',
        data: null,
        success: false,
        error: 'NOT_FOUND',
        requestId: 'req-123',
      });
    });

    it('answers /api itself and other methods on unknown routes with 404 too', async () => {
      expect((await h.call('GET', '/api')).status).toBe(404);
      expect((await h.call('DELETE', '/api/unknown/thing')).body).toMatchObject({ error: 'NOT_FOUND' });
      expect((await h.call('POST', '/paste-view')).body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    });

    it('writes error messages in Chinese when the browser prefers it, or X-Language asks', async () => {
      const viaAccept = await h.call('GET', '/api/nope', { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' } });
      expect(viaAccept.body.message).toBe('接口不存在');
      const viaHeader = await h.call('POST', '/api/admin/login', {
        headers: { 'X-Language': 'zh-CN' },
        body: { username: 'admin', password: 'wrong-password' },
      });
      expect(viaHeader.body).toMatchObject({ code: 401, error: 'INVALID_CREDENTIALS', message: '用户名或密码错误' });
    });

    it("words field details in the language asked for too: zod's own messages and the contract's", async () => {
      const body = { content: '   ', slug: 'a/b', maxViews: 'many' };
      const en = await h.call('POST', '/api/paste', { headers: h.actors.admin(), body });
      const zh = await h.call('POST', '/api/paste', { headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' }, body });
      const byPath = (res: typeof en) =>
        Object.fromEntries((res.body.details as { path: string; message: string }[]).map((d) => [d.path, d.message]));
      expect(byPath(en)).toMatchObject({
        content: 'Content must not be empty',
        slug: 'Link suffix may contain only letters, digits, hyphens and underscores',
      });
      expect(byPath(zh)).toMatchObject({ content: '内容不能为空', slug: '链接后缀只能包含字母、数字、连字符和下划线' });
      expect(Object.keys(byPath(zh))).toEqual(Object.keys(byPath(en)));
      // A built-in zod message (a number expected) comes from zod's Chinese locale.
      const zhOther = Object.entries(byPath(zh)).filter(([path]) => path !== 'content' && path !== 'slug');
      expect(zhOther.length).toBeGreaterThan(0);
      for (const [, message] of zhOther) expect(message).toMatch(/[\u4e00-\u9fff]/);
    });

    it('answers a body that is not JSON with 400 BAD_REQUEST, never 500', async () => {
      const res = await h.call('POST', '/api/admin/login', { body: '{"username": "admin",' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        success: false,
        data: null,
        error: 'BAD_REQUEST',
        message: 'Request body is not valid JSON',
      });
    });

    it('lists zod issues as field paths', async () => {
      const res = await h.call('POST', '/api/admin/login', { body: { username: '' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect((res.body.details as { path: string }[]).map((d) => d.path).sort()).toEqual(['password', 'username']);
    });

    it('refuses oversized JSON bodies with 413', async () => {
      const res = await h.call('POST', '/api/admin/login', {
        body: JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) }),
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
    });

    it('masks unexpected failures as a generic 500 and logs the stack', async () => {
      await h.closeDb();
      const res = await h.call('GET', '/api/admin/api-keys', { headers: h.actors.admin() });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 500,
        message: 'Internal server error',
        data: null,
        success: false,
        error: 'INTERNAL',
        requestId: res.headers.get('x-request-id'),
      });
      const logged = h.logs.find((l) => l.level === 'error' && l.message === 'Unhandled error');
      expect(String(logged?.fields.stack)).toMatch(/\n\s+at /);
    });
  });

  describe('request id and logging', () => {
    it('echoes a sane incoming X-Request-Id', async () => {
      const res = await h.call('GET', '/api/health', { headers: { 'X-Request-Id': 'abc.DEF-123:4' } });
      expect(res.headers.get('x-request-id')).toBe('abc.DEF-123:4');
    });

    it('replaces an unsafe incoming id with a generated one', async () => {
      const res = await h.call('GET', '/api/health', { headers: { 'X-Request-Id': 'bad id\twith spaces' } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    });

    it('logs one info line per request with method, path, status and duration', async () => {
      await h.call('GET', '/api/health', { headers: { 'X-Request-Id': 'log-me' } });
      const lines = h.logs.filter((l) => l.fields.requestId === 'log-me');
      expect(lines).toHaveLength(1);
      expect(lines[0]?.level).toBe('info');
      expect(lines[0]?.message).toMatch(/^GET \/api\/health 200 \d+(\.\d)?ms$/);
    });
  });

  describe('security headers and CORS', () => {
    it('sends the strict CSP and companions on API and page responses', async () => {
      for (const url of ['/api/health', '/api/nope', '/']) {
        const res = await h.call('GET', url);
        expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      }
      // API answers are never cached unless a route says otherwise.
      for (const url of ['/api/health', '/api/nope'])
        expect((await h.call('GET', url)).headers.get('cache-control')).toBe('no-store');
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
      // The site favicon may be an http URL (spec); images only, never scripts from elsewhere.
      expect(CONTENT_SECURITY_POLICY).toContain(' http: ');
      expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*http/);
    });

    it('reflects only the same origin', async () => {
      const same = await h.call('GET', 'http://drift.test/api/health', {
        headers: { Origin: 'http://drift.test', Host: 'drift.test' },
      });
      expect(same.headers.get('access-control-allow-origin')).toBe('http://drift.test');
      const other = await h.call('GET', 'http://drift.test/api/health', {
        headers: { Origin: 'https://evil.example', Host: 'drift.test' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(other.status).toBe(200);
    });

    it('also grants the origins of CORS_ORIGINS (the web app served elsewhere), and only those', async () => {
      await h.close();
      h = await createHarness({ dialect: 'sqlite', config: { corsOrigins: ['https://paste.example.com'] } });
      const preflight = await h.call('OPTIONS', 'http://drift.test/api/files', {
        headers: {
          Origin: 'https://paste.example.com',
          Host: 'drift.test',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://paste.example.com');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
      const listed = await h.call('GET', 'http://drift.test/api/health', {
        headers: { Origin: 'https://paste.example.com', Host: 'drift.test' },
      });
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://paste.example.com');
      expect(listed.headers.get('access-control-allow-credentials')).toBeNull();
      expect(listed.headers.get('access-control-expose-headers')).toContain('ETag');
      const other = await h.call('GET', 'http://drift.test/api/health', {
        headers: { Origin: 'https://paste.example.com.evil', Host: 'drift.test' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('answers preflights, granting only the same origin', async () => {
      const preflight = (origin: string) =>
        h.call('OPTIONS', 'http://drift.test/api/admin/api-keys', {
          headers: { Origin: origin, Host: 'drift.test', 'Access-Control-Request-Method': 'DELETE' },
        });
      const same = await preflight('http://drift.test');
      expect(same.status).toBe(204);
      expect(same.headers.get('access-control-allow-methods')).toContain('DELETE');
      expect(same.headers.get('access-control-allow-headers')).toContain('X-Custom-Auth-Key');
      const other = await preflight('https://evil.example');
      expect(other.status).toBe(204);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});

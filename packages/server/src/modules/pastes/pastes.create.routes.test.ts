import { CONTENT_LIMIT_BYTES, Permission, type PasteDto } from '@driftbox/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { PASTE_BODY_LIMIT } from './pastes.input.js';
import { pasteRow, seedPaste } from './pastes.test-support.js';

const HOUR = 60 * 60 * 1000;
const after = (ms: number) => new Date(Date.parse(TEST_START) + ms).toISOString();

describe.each(dialects)('POST /api/paste (%s)', (dialect) => {
  describe('creating', () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness({ dialect });
    });
    afterEach(async () => {
      await h.close();
    });

    const create = (body: unknown, headers = h.actors.admin()) => h.call('POST', '/api/paste', { headers, body });

    it("a NUL character is never a 500: PostgreSQL refuses it as the client's mistake (400, both languages)", async () => {
      const res = await create({ content: 'a\u0000b' });
      const lookups = await Promise.all(
        ['/api/paste/%00', '/api/raw/%00', '/api/pastes?search=a%00'].map((path) =>
          h.call('GET', path, { headers: h.actors.admin() }),
        ),
      );
      for (const answer of [res, ...lookups]) expect(answer.status, answer.text).toBeLessThan(500);
      if (dialect === 'postgres') {
        expect(res.body).toMatchObject({ code: 400, message: 'Text must not contain NUL characters (\\u0000)' });
        const zh = await h.call('POST', '/api/paste', {
          headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
          body: { content: '\u0000' },
        });
        expect(zh.body).toMatchObject({ code: 400, message: '文本不能包含 NUL 字符（\\u0000）' });
      }
    });

    it('creates a paste with defaults: random 8-char slug, no expiry, unlimited views, in the envelope', async () => {
      const res = await create({ content: '# Hello' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        code: 201,
        message: 'Paste created',
        success: true,
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          slug: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
          remark: null,
          expiresAt: null,
          maxViews: 0,
          hasPassword: false,
          title: null,
          is_public: true,
          createdAt: TEST_START,
          authorizedBy: 'admin',
        },
      });
      const row = await pasteRow(h, (res.body.data as PasteDto).slug);
      expect(row).toMatchObject({
        content: '# Hello',
        created_by: h.adminActor.id,
        views: 0,
        password_hash: null,
        password_version: 0,
      });
    });

    it('stores every optional field; the password only as a salted scrypt hash, never echoed', async () => {
      const res = await create({
        content: 'body',
        slug: 'my-Notes_1',
        remark: '  for the team  ',
        password: 'open sesame',
        expiry: 'day',
        maxViews: 5,
      });
      expect(res.body.data).toEqual({
        id: expect.any(String),
        slug: 'my-Notes_1',
        remark: 'for the team',
        expiresAt: after(24 * HOUR),
        maxViews: 5,
        hasPassword: true,
        title: null,
        is_public: true,
        createdAt: TEST_START,
        authorizedBy: 'admin',
      });
      expect(res.text).not.toContain('open sesame');
      const row = await pasteRow(h, 'my-Notes_1');
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(Object.values(row)).not.toContain('open sesame');
    });

    it('turns each expiry preset into an absolute time (month = 30 days)', async () => {
      const expected = {
        hour: after(HOUR),
        day: after(24 * HOUR),
        week: after(7 * 24 * HOUR),
        month: after(30 * 24 * HOUR),
        never: null,
      };
      for (const [expiry, expiresAt] of Object.entries(expected)) {
        expect((await seedPaste(h, { expiry: expiry as 'hour' })).expiresAt).toBe(expiresAt);
      }
    });

    it("accepts the original's absolute expiresAt (stored as UTC) and null for never", async () => {
      expect((await seedPaste(h, { expiresAt: '2026-01-02T08:00:00+08:00' })).expiresAt).toBe(
        '2026-01-02T00:00:00.000Z',
      );
      expect((await seedPaste(h, { expiresAt: null })).expiresAt).toBeNull();
    });

    it('an API key with TEXT creates pastes recorded as apikey:<id>; empty slug means random', async () => {
      const { headers, key } = await h.createKey(Permission.TEXT);
      const paste = await seedPaste(h, { slug: '' }, headers);
      expect(paste).toMatchObject({ authorizedBy: 'apikey', slug: expect.stringMatching(/^[A-Za-z0-9]{8}$/) });
      expect((await pasteRow(h, paste.slug)).created_by).toBe(`apikey:${key.id}`);
    });

    it('401 anonymous, 403 for a key without TEXT', async () => {
      expect((await create({ content: 'x' }, {})).body).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
      const fileOnly = await h.actors.apiKey(Permission.FILE_SHARE);
      expect((await create({ content: 'x' }, fileOnly)).body).toMatchObject({
        code: 403,
        success: false,
        data: null,
        error: 'PERMISSION_DENIED',
      });
      expect(await h.db.selectFrom('pastes').select('id').execute()).toEqual([]);
    });

    it('keeps a 50-character slug and refuses unreadable JSON with 400 BAD_REQUEST', async () => {
      expect((await seedPaste(h, { slug: 'a'.repeat(50) })).slug).toBe('a'.repeat(50));
      const res = await h.call('POST', '/api/paste', {
        headers: { ...h.actors.admin(), 'Content-Type': 'application/json' },
        body: '{"content":',
      });
      expect(res.body).toMatchObject({ code: 400, error: 'BAD_REQUEST' });
    });

    it('409 SLUG_TAKEN for a custom slug in use (case-sensitive like the original)', async () => {
      await seedPaste(h, { slug: 'taken' });
      const res = await create({ content: 'x', slug: 'taken' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 409,
        success: false,
        data: null,
        error: 'SLUG_TAKEN',
        message: 'Link suffix already taken, try another',
      });
      expect((await seedPaste(h, { slug: 'Taken' })).slug).toBe('Taken');
    });

    it('accepts exactly 10 MB of UTF-8 and answers 413 for one byte more', async () => {
      const limit = 'a'.repeat(CONTENT_LIMIT_BYTES - 3) + '中';
      expect((await create({ content: limit })).status).toBe(201);
      const over = await create({ content: 'a'.repeat(CONTENT_LIMIT_BYTES - 2) + '中' });
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({
        code: 413,
        success: false,
        error: 'PAYLOAD_TOO_LARGE',
        message: 'Content exceeds 10 MB',
      });
    });

    it('413 while reading a body beyond the cap, declared or not, without storing anything', async () => {
      const declared = await h.call('POST', '/api/paste', {
        headers: { ...h.actors.admin(), 'Content-Length': String(PASTE_BODY_LIMIT + 1) },
        body: { content: 'x' },
      });
      expect(declared.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
      const streamed = await h.call('POST', '/api/paste', {
        headers: h.actors.admin(),
        body: `{"content":"${'b'.repeat(PASTE_BODY_LIMIT)}"}`,
      });
      expect(streamed.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
      expect(await h.db.selectFrom('pastes').select('id').execute()).toEqual([]);
    });
  });

  // Refused input changes nothing, so these cases share one harness (a harness costs ~150 ms).
  describe('validation', () => {
    let v: Harness;
    beforeAll(async () => {
      v = await createHarness({ dialect });
    });
    afterAll(async () => {
      await v.close();
    });

    it.each([
      ['no content', {}, 'content'],
      ['blank content', { content: ' \n\t ' }, 'content'],
      ['non-string content', { content: 42 }, 'content'],
      ['negative maxViews', { content: 'x', maxViews: -1 }, 'maxViews'],
      ['fractional maxViews', { content: 'x', maxViews: 1.5 }, 'maxViews'],
      ['a slug with other characters', { content: 'x', slug: 'a/b c' }, 'slug'],
      ['a 51-character slug', { content: 'x', slug: 'a'.repeat(51) }, 'slug'],
      ['a reserved slug', { content: 'x', slug: 'api' }, 'slug'],
      ['a reserved slug in another case', { content: 'x', slug: 'Mount-Explorer' }, 'slug'],
      ['an unknown expiry preset', { content: 'x', expiry: 'year' }, 'expiry'],
      ['both expiry forms', { content: 'x', expiry: 'day', expiresAt: '2026-02-01T00:00:00Z' }, 'expiresAt'],
      ['an unparsable expiresAt', { content: 'x', expiresAt: 'tomorrow' }, 'expiresAt'],
      ['an expiresAt in the past', { content: 'x', expiresAt: '2025-12-31T23:59:59Z' }, 'expiresAt'],
      ['a too long remark', { content: 'x', remark: 'r'.repeat(501) }, 'remark'],
    ])('400 VALIDATION_FAILED for %s', async (_label, body, field) => {
      const res = await v.call('POST', '/api/paste', { headers: v.actors.admin(), body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null, error: 'VALIDATION_FAILED' });
      expect((res.body.details as { path: string }[]).map((d) => d.path)).toContain(field);
    });
    it('stores nothing for refused input', async () => {
      expect(await v.db.selectFrom('pastes').select('id').execute()).toEqual([]);
    });
  });
});

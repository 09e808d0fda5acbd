import type { PasteUnlockedDto, PasteViewDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { pasteRow, seedPaste } from './pastes.test-support.js';

const HOUR = 60 * 60 * 1000;
const after = (ms: number) => new Date(Date.parse(TEST_START) + ms).toISOString();

describe.each(dialects)('reading pastes (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const view = (slug: string, headers: Record<string, string> = {}) => h.call('GET', `/api/paste/${slug}`, { headers });
  const unlock = (slug: string, password: unknown, headers: Record<string, string> = {}) =>
    h.call('POST', `/api/paste/${slug}`, { headers, body: { password } });
  const views = async (slug: string) => (await pasteRow(h, slug)).views;

  describe('view counts', () => {
    const stored = async (slug: string) =>
      (await h.db.selectFrom('pastes').select('views').where('slug', '=', slug).executeTakeFirstOrThrow()).views;

    it('an unlimited paste: each answer counts its view; the counts reach the database in one batch', async () => {
      await seedPaste(h, { slug: 'free' });
      const seen = [];
      for (let i = 0; i < 3; i += 1) seen.push(((await view('free')).body.data as PasteViewDto).views);
      expect(seen).toEqual([1, 2, 3]);
      // Written by the tally's timer (real time), not by the reads themselves.
      await expect.poll(() => stored('free'), { timeout: 5000 }).toBe(3);
      expect(((await view('free')).body.data as PasteViewDto).views).toBe(4);
      await h.services.flushViews();
      expect(await stored('free')).toBe(4);
    });

    it('a limited paste counts each view in the database at once, and the management list shows tallied ones', async () => {
      await seedPaste(h, { slug: 'capped', maxViews: 3 });
      await seedPaste(h, { slug: 'free' });
      await view('capped');
      await view('free');
      await view('free');
      expect(await stored('capped')).toBe(1);
      const list = await h.call('GET', '/api/pastes', { headers: h.actors.admin() });
      const bySlug = Object.fromEntries(
        (list.body.data as { slug: string; view_count: number }[]).map((p) => [p.slug, p.view_count]),
      );
      expect(bySlug).toEqual({ capped: 1, free: 2 });
    });
  });

  describe('GET /api/paste/{slug}', () => {
    it('returns the content of a public paste and counts each view', async () => {
      await seedPaste(h, { slug: 'pub', content: 'some *markdown*', remark: 'note' });
      h.clock.advance(1000);
      const res = await view('pub');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({
        code: 200,
        message: 'Success',
        success: true,
        data: {
          slug: 'pub',
          content: 'some *markdown*',
          remark: 'note',
          expiresAt: null,
          maxViews: 0,
          views: 1,
          createdAt: TEST_START,
          updatedAt: TEST_START,
          hasPassword: false,
          requiresPassword: false,
          isLastView: false,
        },
      });
      expect(((await view('pub')).body.data as PasteViewDto).views).toBe(2);
      expect(res.text).not.toContain(h.adminActor.id);
    });

    it('404 NOT_FOUND for an unknown slug', async () => {
      const res = await view('nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 404,
        success: false,
        data: null,
        error: 'NOT_FOUND',
        message: 'Paste not found',
      });
    });

    it('410 GONE once expired; the row stays for the sweep', async () => {
      await seedPaste(h, { slug: 'brief', expiry: 'hour' });
      h.clock.advance(HOUR - 1);
      expect((await view('brief')).status).toBe(200);
      h.clock.advance(1);
      const res = await view('brief');
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({ code: 410, success: false, data: null, error: 'GONE' });
      expect(await views('brief')).toBe(1);
    });

    it('the view that reaches max views still gets the content (isLastView), later ones 410', async () => {
      await seedPaste(h, { slug: 'twice', maxViews: 2 });
      expect((await view('twice')).body.data).toMatchObject({ views: 1, maxViews: 2, isLastView: false });
      expect((await view('twice')).body.data).toMatchObject({ views: 2, isLastView: true, content: 'hello world' });
      expect((await view('twice')).body).toMatchObject({ code: 410, error: 'GONE' });
      expect(await views('twice')).toBe(2);
    });

    it('HEAD of the view or raw link counts no view: 200 while live, 410 used up, 404 unknown', async () => {
      await seedPaste(h, { slug: 'once', maxViews: 1 });
      const head = (path: string) => h.app.request(path, { method: 'HEAD' });
      for (const path of ['/api/paste/once', '/api/raw/once']) expect((await head(path)).status, path).toBe(200);
      expect(await views('once')).toBe(0);
      expect((await view('once')).body.data).toMatchObject({ views: 1, content: 'hello world' });
      for (const path of ['/api/paste/once', '/api/raw/once']) expect((await head(path)).status, path).toBe(410);
      expect((await head('/api/raw/nothing')).status).toBe(404);
    });

    it('20 parallel reads of a paste limited to 5 views: exactly 5 succeed, exactly one is the last', async () => {
      await seedPaste(h, { slug: 'race', maxViews: 5 });
      const results = await Promise.all(Array.from({ length: 20 }, () => h.app.request('/api/paste/race')));
      const bodies = await Promise.all(results.map((r) => r.json() as Promise<{ data: PasteViewDto | null }>));
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(results.filter((r) => r.status === 410)).toHaveLength(15);
      expect(bodies.filter((b) => b.data?.isLastView)).toHaveLength(1);
      expect(
        bodies
          .map((b) => b.data?.views)
          .filter(Boolean)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5]);
      expect(await views('race')).toBe(5);
    });

    it('a password-protected paste answers metadata only and counts nothing', async () => {
      await seedPaste(h, { slug: 'locked', password: 'pw-123', remark: 'ask me', maxViews: 3 });
      const res = await view('locked');
      expect(res.body.data).toEqual({
        slug: 'locked',
        remark: 'ask me',
        expiresAt: null,
        maxViews: 3,
        views: 0,
        createdAt: TEST_START,
        hasPassword: true,
        requiresPassword: true,
      });
      expect(res.text).not.toContain('hello world');
      expect(await views('locked')).toBe(0);
    });
  });

  describe('POST /api/paste/{slug} and access tokens', () => {
    it('401 WRONG_PASSWORD for a wrong password, counting nothing', async () => {
      await seedPaste(h, { slug: 'locked', password: 'pw-123' });
      const res = await unlock('locked', 'pw-124');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 401,
        success: false,
        data: null,
        error: 'WRONG_PASSWORD',
        message: 'Wrong password',
      });
      expect(await views('locked')).toBe(0);
    });

    it('the right password returns the content, counts a view and issues a 10-minute token', async () => {
      await seedPaste(h, { slug: 'locked', password: 'pw-123', content: 'secret text' });
      const res = await unlock('locked', 'pw-123');
      expect(res.status).toBe(200);
      const data = res.body.data as PasteUnlockedDto;
      expect(data).toMatchObject({
        slug: 'locked',
        content: 'secret text',
        views: 1,
        hasPassword: true,
        requiresPassword: false,
        isLastView: false,
        accessTokenExpiresAt: after(10 * 60 * 1000),
      });
      expect(data.accessToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(res.text).not.toContain('pw-123');
    });

    it('the token opens later reads by header or ?token=, each counted, until it expires', async () => {
      await seedPaste(h, { slug: 'locked', password: 'pw-123' });
      const { accessToken } = (await unlock('locked', 'pw-123')).body.data as PasteUnlockedDto;
      expect((await view('locked', { 'X-Paste-Token': accessToken })).body.data).toMatchObject({
        content: 'hello world',
        views: 2,
      });
      expect((await view(`locked?token=${accessToken}`)).body.data).toMatchObject({ content: 'hello world', views: 3 });
      h.clock.advance(10 * 60 * 1000);
      expect((await view('locked', { 'X-Paste-Token': accessToken })).body.data).toMatchObject({
        requiresPassword: true,
        views: 3,
      });
    });

    it('a token does not open another paste, and a tampered token opens nothing', async () => {
      await seedPaste(h, { slug: 'one', password: 'pw-1' });
      await seedPaste(h, { slug: 'two', password: 'pw-1' });
      const { accessToken } = (await unlock('one', 'pw-1')).body.data as PasteUnlockedDto;
      expect((await view('two', { 'X-Paste-Token': accessToken })).body.data).toMatchObject({ requiresPassword: true });
      const [payload = '', signature = ''] = accessToken.split('.');
      const tampered = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await view('one', { 'X-Paste-Token': tampered })).body.data).toMatchObject({ requiresPassword: true });
      expect((await view('one', { 'X-Paste-Token': 'garbage' })).body.data).toMatchObject({ requiresPassword: true });
    });

    it('changing the password invalidates tokens issued before', async () => {
      const paste = await seedPaste(h, { slug: 'locked', password: 'old-pass' });
      const { accessToken } = (await unlock('locked', 'old-pass')).body.data as PasteUnlockedDto;
      await h.call('PUT', `/api/pastes/${paste.id}`, { headers: h.actors.admin(), body: { password: 'new-pass' } });
      expect((await view('locked', { 'X-Paste-Token': accessToken })).body.data).toMatchObject({
        requiresPassword: true,
      });
      expect((await unlock('locked', 'old-pass')).status).toBe(401);
      expect((await unlock('locked', 'new-pass')).status).toBe(200);
    });

    it('the unlocking view may be the last one; afterwards even the token gets 410', async () => {
      await seedPaste(h, { slug: 'once', password: 'pw', maxViews: 1 });
      const res = await unlock('once', 'pw');
      expect(res.body.data).toMatchObject({ isLastView: true, views: 1 });
      const { accessToken } = res.body.data as PasteUnlockedDto;
      expect((await view('once', { 'X-Paste-Token': accessToken })).status).toBe(410);
      expect((await unlock('once', 'pw')).status).toBe(410);
    });

    it('400 for a missing password or a paste without one, 404 unknown, 410 expired', async () => {
      await seedPaste(h, { slug: 'open' });
      await seedPaste(h, { slug: 'locked', password: 'pw', expiry: 'hour' });
      expect((await unlock('locked', '')).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'password' }],
      });
      expect((await unlock('open', 'pw')).body).toMatchObject({
        code: 400,
        error: 'BAD_REQUEST',
        message: 'This paste has no password',
      });
      expect((await unlock('missing', 'pw')).body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      h.clock.advance(HOUR);
      expect((await unlock('locked', 'pw')).body).toMatchObject({ code: 410, error: 'GONE' });
    });

    it('429 after 20 guesses from one client, charged before hashing (even the right password)', async () => {
      await seedPaste(h, { slug: 'locked', password: 'right' });
      for (let i = 0; i < 20; i += 1) expect((await unlock('locked', `guess-${i}`)).status).toBe(401);
      const res = await unlock('locked', 'right');
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 429, success: false, error: 'RATE_LIMITED' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      h.clock.advance(15 * 60 * 1000);
      expect((await unlock('locked', 'right')).status).toBe(200);
    });
  });

  describe('GET /api/raw/{slug}', () => {
    const raw = (path: string, headers: Record<string, string> = {}) => h.call('GET', `/api/raw/${path}`, { headers });

    it('serves plain text inline with nosniff and counts the view, also without a password', async () => {
      await seedPaste(h, { slug: 'notes', content: '<script>alert(1)</script>\n中文' });
      const res = await raw('notes');
      expect(res.status).toBe(200);
      expect(res.text).toBe('<script>alert(1)</script>\n中文');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe('inline; filename="notes.txt"');
      expect(await views('notes')).toBe(1);
    });

    it('reads a non-ASCII X-Paste-Password as the UTF-8 that curl sends', async () => {
      await seedPaste(h, { slug: 'zh-locked', password: '密码', content: 'secret' });
      // Node hands the app each byte of a header as one latin1 character.
      expect(
        (await raw('zh-locked', { 'X-Paste-Password': Buffer.from('密码', 'utf8').toString('latin1') })).text,
      ).toBe('secret');
    });

    it('a protected paste needs the password (header or ?password=) or a token', async () => {
      await seedPaste(h, { slug: 'locked', password: 'pw 1&2', content: 'secret' });
      const none = await raw('locked');
      expect([none.status, none.text, none.headers.get('content-type')]).toEqual([
        401,
        'This paste needs a password',
        'text/plain; charset=UTF-8',
      ]);
      expect((await raw('locked', { 'X-Paste-Password': 'pw 1&2' })).text).toBe('secret');
      expect((await raw(`locked?password=${encodeURIComponent('pw 1&2')}`)).text).toBe('secret');
      const wrong = await raw('locked?password=nope');
      expect([wrong.status, wrong.text]).toEqual([401, 'Wrong password']);
      const { accessToken } = (await unlock('locked', 'pw 1&2')).body.data as PasteUnlockedDto;
      expect((await raw('locked', { 'X-Paste-Token': accessToken })).text).toBe('secret');
      expect((await raw(`locked?token=${accessToken}`)).text).toBe('secret');
      expect(await views('locked')).toBe(5);
    });

    it('errors are plain text with the right status: 404, 410, 429', async () => {
      expect(await raw('missing').then((r) => [r.status, r.text])).toEqual([404, 'Paste not found']);
      await seedPaste(h, { slug: 'once', maxViews: 1 });
      expect((await raw('once')).status).toBe(200);
      expect(await raw('once').then((r) => r.status)).toBe(410);
      await seedPaste(h, { slug: 'locked', password: 'pw' });
      for (let i = 0; i < 20; i += 1) await raw(`locked?password=guess${i}`);
      const limited = await raw('locked?password=pw');
      expect([limited.status, limited.text]).toEqual([429, 'Too many attempts, please try again later']);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });
});

describe.each(dialects)('paste password limit per slug (%s)', (dialect) => {
  it('429 after 50 wrong guesses at one paste from many clients; right passwords do not count', async () => {
    const h = await createHarness({ dialect, config: { trustProxy: true } });
    try {
      await seedPaste(h, { slug: 'target', password: 'right' });
      const guess = (ip: string, password: string) =>
        h.call('POST', '/api/paste/target', { headers: { 'X-Forwarded-For': ip }, body: { password } });
      // The people who know the password are never counted against it…
      for (let i = 0; i < 60; i += 1) expect((await guess(`10.0.2.${i}`, 'right')).status).toBe(200);
      // …wrong guesses are, from anywhere.
      for (let i = 0; i < 50; i += 1) expect((await guess(`10.0.0.${i}`, 'wrong')).status).toBe(401);
      expect((await guess('10.0.1.1', 'right')).status).toBe(429);
    } finally {
      await h.close();
    }
  });
});

import type { PasteUnlockedDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { createHarness, dialects } from '../../test/harness.js';
import { seedPaste } from './pastes.test-support.js';
import { HOUR, after, pasteViewCalls } from './paste-views.test-support.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('reading pastes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { view, unlock, views } = pasteViewCalls(h);

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
      // The password this request sent is echoed at the top level only (the original's client reads it).
      expect(res.body).toMatchObject({ ...data, plain_password: 'pw-123' });
      expect(JSON.stringify(data)).not.toContain('pw-123');
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
});

describe.each(dialects)('paste password limit per slug (%s)', (dialect) => {
  it('after 50 wrong guesses at one paste from many clients the guessers get 429, a fresh reader with the right password still gets in', async () => {
    const h = await createHarness({ dialect, config: { trustProxy: true } });
    try {
      await seedPaste(h, { slug: 'target', password: 'right' });
      const guess = (ip: string, password: string) =>
        h.call('POST', '/api/paste/target', { headers: { 'X-Forwarded-For': ip }, body: { password } });
      // The people who know the password are never counted against it…
      for (let i = 0; i < 60; i += 1) expect((await guess(`10.0.2.${i}`, 'right')).status).toBe(200);
      // …wrong guesses are, from anywhere.
      for (let i = 0; i < 50; i += 1) expect((await guess(`10.0.0.${i % 3}`, 'wrong')).status).toBe(401);
      // The guessers are refused, whatever they send; a reader without failures gets in, every time.
      for (let i = 0; i < 3; i += 1) expect((await guess(`10.0.0.${i}`, 'right')).status).toBe(429);
      for (let i = 0; i < 3; i += 1) expect((await guess('10.0.1.1', 'right')).status).toBe(200);
      // A fresh address gets one guess, then is refused too.
      expect((await guess('10.0.1.2', 'wrong')).status).toBe(401);
      expect((await guess('10.0.1.2', 'wrong')).status).toBe(429);
    } finally {
      await h.close();
    }
  });
});

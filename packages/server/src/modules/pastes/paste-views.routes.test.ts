import type { PasteViewDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { seedPaste } from './pastes.test-support.js';
import { HOUR, pasteViewCalls } from './paste-views.test-support.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('reading pastes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { view, views } = pasteViewCalls(h);

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
      const paste = {
        slug: 'pub',
        title: null,
        content: 'some *markdown*',
        remark: 'note',
        expiresAt: null,
        maxViews: 0,
        views: 1,
        createdAt: TEST_START,
        created_by: h.adminActor.id,
        updatedAt: TEST_START,
        hasPassword: false,
        requiresPassword: false,
        isLastView: false,
      };
      // The envelope, and the same fields at the top level for the original's client.
      expect(res.body).toEqual({ code: 200, message: 'Success', success: true, data: paste, ...paste });
      expect(((await view('pub')).body.data as PasteViewDto).views).toBe(2);
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
      const meta = {
        slug: 'locked',
        title: null,
        remark: 'ask me',
        expiresAt: null,
        maxViews: 3,
        views: 0,
        createdAt: TEST_START,
        created_by: h.adminActor.id,
        hasPassword: true,
        requiresPassword: true,
      };
      expect(res.body).toEqual({ code: 200, message: 'Success', success: true, data: meta, ...meta });
      expect(res.text).not.toContain('hello world');
      expect(await views('locked')).toBe(0);
    });
  });
});

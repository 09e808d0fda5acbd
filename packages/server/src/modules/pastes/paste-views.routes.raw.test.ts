import type { PasteUnlockedDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { seedPaste } from './pastes.test-support.js';
import { pasteViewCalls } from './paste-views.test-support.js';
import { harnessPerTest } from '../../test/per-test.js';

describe.each(dialects)('reading pastes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { unlock, views } = pasteViewCalls(h);

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

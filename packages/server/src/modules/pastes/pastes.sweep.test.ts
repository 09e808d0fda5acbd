import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { seedPaste } from './pastes.test-support.js';

const HOUR = 60 * 60 * 1000;

describe.each(dialects)('pastes.sweep (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const slugs = async () =>
    (await h.db.selectFrom('pastes').select('slug').orderBy('slug').execute()).map((r) => r.slug);

  it('purges pastes once expired (by the injected clock) or used up, and nothing else', async () => {
    await seedPaste(h, { slug: 'hour', expiry: 'hour' });
    await seedPaste(h, { slug: 'day', expiry: 'day' });
    await seedPaste(h, { slug: 'used', maxViews: 1 });
    await seedPaste(h, { slug: 'half', maxViews: 2 });
    await seedPaste(h, { slug: 'forever' });
    await h.call('GET', '/api/paste/used');
    await h.call('GET', '/api/paste/half');

    expect(await h.services.pastes.sweep()).toBe(1);
    expect(await slugs()).toEqual(['day', 'forever', 'half', 'hour']);
    h.clock.advance(HOUR - 1);
    expect(await h.services.pastes.sweep()).toBe(0);
    h.clock.advance(1);
    expect(await h.services.pastes.sweep()).toBe(1);
    h.clock.advance(24 * HOUR);
    expect(await h.services.pastes.sweep()).toBe(1);
    expect(await slugs()).toEqual(['forever', 'half']);
  });

  it('treats a NULL max_views (rows imported from the original) as unlimited', async () => {
    const paste = await seedPaste(h, { slug: 'legacy' });
    await h.db.updateTable('pastes').set({ max_views: null, views: 99 }).where('id', '=', paste.id).execute();
    expect(await h.services.pastes.sweep()).toBe(0);
    expect((await h.call('GET', '/api/paste/legacy')).body.data).toMatchObject({
      views: 100,
      maxViews: 0,
      isLastView: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { goneReason, shareGone, type GoneTexts } from './share-gone.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const TOLD: GoneTexts = {
  either: { en: 'expired or used up', zh: '过期或用完' },
  expired: { en: 'expired', zh: '过期' },
  used_up: { en: 'used up', zh: '用完' },
};

describe('the 410 of a share', () => {
  it('names why: expired first, then used up; none while live', () => {
    const row = { expires_at: '2026-01-01T00:00:00.000Z', max_views: 2, views: 2 };
    expect(goneReason(row, NOW)).toBe('expired');
    expect(goneReason({ ...row, expires_at: null }, NOW)).toBe('used_up');
    expect(goneReason({ ...row, expires_at: null, max_views: 0 }, NOW)).toBeUndefined();
    expect(goneReason({ ...row, expires_at: '2026-01-01T00:00:00.001Z', views: 1 }, NOW)).toBeUndefined();
  });

  it('with a reason: its message and the reason detail; without: one message, no detail', () => {
    expect(shareGone(TOLD, 'used_up')).toMatchObject({
      code: 'GONE',
      status: 410,
      text: TOLD.used_up,
      details: [{ path: 'reason', message: 'used_up' }],
    });
    const unknown = shareGone(TOLD);
    expect(unknown).toMatchObject({ code: 'GONE', text: TOLD.either });
    expect(unknown.details).toBeUndefined();
    // A kind with one message for both still names the reason it was given.
    expect(shareGone({ either: TOLD.either }, 'expired')).toMatchObject({
      text: TOLD.either,
      details: [{ path: 'reason', message: 'expired' }],
    });
  });
});

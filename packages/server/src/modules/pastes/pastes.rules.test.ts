import { describe, expect, it } from 'vitest';
import { codeOf } from '../../test/errors.js';
import { isLive, resolveExpiry } from './pastes.rules.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');

describe('resolveExpiry and isLive', () => {
  it('resolves presets, absolute times and never; refuses the past', async () => {
    expect(resolveExpiry({ expiry: 'hour' }, NOW)).toBe('2026-01-01T01:00:00.000Z');
    expect(resolveExpiry({ expiry: 'never' }, NOW)).toBeNull();
    expect(resolveExpiry({ expiresAt: null }, NOW)).toBeNull();
    expect(resolveExpiry({}, NOW)).toBeUndefined();
    expect(await codeOf(Promise.resolve().then(() => resolveExpiry({ expiresAt: NOW.toISOString() }, NOW)))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('a paste is live until its expiry instant and while views are left', () => {
    const row = { expires_at: '2026-01-01T00:00:01.000Z', max_views: 2, views: 1 };
    expect(isLive(row, NOW)).toBe(true);
    expect(isLive({ ...row, views: 2 }, NOW)).toBe(false);
    expect(isLive({ ...row, max_views: null, views: 50 }, NOW)).toBe(true);
    expect(isLive(row, new Date('2026-01-01T00:00:01.000Z'))).toBe(false);
  });
});

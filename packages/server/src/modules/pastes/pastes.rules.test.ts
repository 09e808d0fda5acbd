import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { isLive, resolveExpiry, withSlug } from './pastes.rules.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const uniqueViolation = Object.assign(new Error('UNIQUE constraint failed: pastes.slug'), {
  code: 'SQLITE_CONSTRAINT_UNIQUE',
});

/** Ids that hand out the given slugs in order. */
function fakeIds(slugs: string[]): Ids {
  const queue = [...slugs];
  return { uuid: () => 'id', token: () => 'token', slug: () => queue.shift() ?? 'exhausted' };
}

/** A writer whose UNIQUE index already holds `taken`. */
function writer(taken: string[]) {
  const written: string[] = [];
  const write = async (slug: string) => {
    if (taken.includes(slug)) throw uniqueViolation;
    written.push(slug);
  };
  return { write, written };
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.code : err),
  );

describe('withSlug', () => {
  it('retries random slugs on collision and skips reserved words', async () => {
    const { write, written } = writer(['Taken001']);
    expect(await withSlug(fakeIds(['Taken001', 'api', 'Fresh002']), undefined, write)).toBe('Fresh002');
    expect(written).toEqual(['Fresh002']);
  });

  it('gives up with 409 after five random collisions', async () => {
    const { write } = writer(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(await codeOf(withSlug(fakeIds(['a', 'b', 'c', 'd', 'e', 'f']), undefined, write))).toBe('SLUG_TAKEN');
  });

  it('tries a custom slug once: taken is 409, other errors pass through', async () => {
    const { write } = writer(['mine']);
    expect(await codeOf(withSlug(fakeIds([]), 'mine', write))).toBe('SLUG_TAKEN');
    const failing = async () => {
      throw new Error('disk full');
    };
    expect(await codeOf(withSlug(fakeIds([]), 'other', failing))).toEqual(new Error('disk full'));
  });
});

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

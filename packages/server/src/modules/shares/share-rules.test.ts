import { describe, expect, it } from 'vitest';
import type { Ids } from '../../lib/crypto/ids.js';
import { codeOf } from '../../test/errors.js';
import { withSlug, writeWithSlug } from './share-rules.js';

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

describe('writeWithSlug', () => {
  it('keeps the slug when none or the current one is asked; claims a custom or a new random one otherwise', async () => {
    const { write, written } = writer(['taken']);
    const keep = async (slug: string | undefined) => {
      if (slug !== undefined) await write(slug);
    };
    expect(await writeWithSlug(fakeIds([]), 'current', undefined, keep)).toBe('current');
    expect(await writeWithSlug(fakeIds([]), 'current', 'current', keep)).toBe('current');
    expect(written).toEqual([]);
    expect(await writeWithSlug(fakeIds([]), 'current', 'custom', keep)).toBe('custom');
    expect(await writeWithSlug(fakeIds(['taken', 'Random01']), 'current', '', keep)).toBe('Random01');
    expect(await codeOf(writeWithSlug(fakeIds([]), 'current', 'taken', keep))).toBe('SLUG_TAKEN');
    expect(written).toEqual(['custom', 'Random01']);
  });
});

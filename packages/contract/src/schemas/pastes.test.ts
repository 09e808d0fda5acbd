import { describe, expect, it } from 'vitest';
import { CONTENT_LIMIT_BYTES } from '../constants.js';
import { PasteCreateBody, PasteListQuery, PasteUpdateBody } from './pastes.js';

const issuePaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('paste schemas', () => {
  it('create: normalises empty optional fields and keeps the password untrimmed', () => {
    expect(PasteCreateBody.parse({ content: 'x', slug: '', remark: '', password: '', maxViews: null })).toEqual({
      content: 'x',
      slug: undefined,
      remark: null,
      password: undefined,
      maxViews: null,
    });
    expect(PasteCreateBody.parse({ content: 'x', password: ' pw ' }).password).toBe(' pw ');
  });

  it('create: refuses blank content, over 10 MB of UTF-8, and two expiry forms at once', () => {
    expect(issuePaths(PasteCreateBody.safeParse({ content: '  ' }))).toEqual(['content']);
    expect(issuePaths(PasteCreateBody.safeParse({ content: '中'.repeat(CONTENT_LIMIT_BYTES / 3 + 1) }))).toEqual([
      'content',
    ]);
    expect(issuePaths(PasteCreateBody.safeParse({ content: 'x', expiry: 'day', expiresAt: null }))).toEqual([
      'expiresAt',
    ]);
  });

  it('update: needs at least one change, and not a new password together with clearing it', () => {
    expect(PasteUpdateBody.safeParse({}).success).toBe(false);
    expect(PasteUpdateBody.safeParse({ clearPassword: false }).success).toBe(false);
    expect(issuePaths(PasteUpdateBody.safeParse({ password: 'a', clearPassword: true }))).toEqual(['clearPassword']);
    expect(PasteUpdateBody.parse({ newSlug: '' })).toEqual({ newSlug: '' });
  });

  it('accepts what the original\'s clients send: maxViews as a numeric string, newSlug null for "unchanged"', () => {
    expect(PasteUpdateBody.parse({ maxViews: '5' })).toMatchObject({ maxViews: 5 });
    expect(PasteUpdateBody.safeParse({ maxViews: 'many' }).success).toBe(false);
    expect(PasteUpdateBody.safeParse({ maxViews: '-1' }).success).toBe(false);
    expect(PasteUpdateBody.parse({ content: 'x', newSlug: null }).newSlug).toBeUndefined();
  });

  it('list query: coerces numbers, defaults to 10 per page, treats an empty search as none', () => {
    expect(PasteListQuery.parse({ page: '2', search: '' })).toEqual({
      page: 2,
      limit: 10,
      offset: 0,
      search: undefined,
    });
    expect(PasteListQuery.safeParse({ search: ' a ' }).success).toBe(false);
    expect(PasteListQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});

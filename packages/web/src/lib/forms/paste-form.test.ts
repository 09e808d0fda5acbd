import { CONTENT_LIMIT_BYTES, type PasteDetailDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import {
  buildCreateBody,
  buildUpdateBody,
  contentError,
  emptyPasteForm,
  fieldErrorsFromApi,
  parseMaxViews,
  pasteFormFromDetail,
  saveErrorOf,
  slugError,
} from './paste-form';

const detail: PasteDetailDto = {
  id: 'p1',
  slug: 'notes',
  title: null,
  is_public: true,
  content: '# Hi',
  remark: 'old',
  has_password: true,
  expires_at: '2030-01-01T00:00:00.000Z',
  max_views: 5,
  view_count: 2,
  created_by: 'admin-1',
  key_name: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('slug rules (contract)', () => {
  it('accepts empty (random), letters, digits, - and _ up to 50', () => {
    expect(slugError('')).toBeUndefined();
    expect(slugError('  ')).toBeUndefined();
    expect(slugError('My_notes-2026')).toBeUndefined();
    expect(slugError('a'.repeat(50))).toBeUndefined();
  });

  it('refuses long, odd and reserved suffixes, each with its own reason', () => {
    expect(slugError('a'.repeat(51))).toBe('slugTooLong');
    expect(slugError('has space')).toBe('slugInvalid');
    expect(slugError('dots.here')).toBe('slugInvalid');
    expect(slugError('笔记')).toBe('slugInvalid');
    expect(slugError('admin')).toBe('slugReserved');
    expect(slugError('API')).toBe('slugReserved');
  });
});

describe('content size (10 MB of UTF-8)', () => {
  it('is measured in bytes, not characters', () => {
    expect(contentError('a'.repeat(CONTENT_LIMIT_BYTES))).toBeUndefined();
    expect(contentError('a'.repeat(CONTENT_LIMIT_BYTES + 1))).toBe('contentTooLarge');
    // CJK characters take 3 bytes, accented Latin 2, an emoji 4.
    expect(contentError('中'.repeat(Math.floor(CONTENT_LIMIT_BYTES / 3)))).toBeUndefined();
    expect(contentError('中'.repeat(Math.floor(CONTENT_LIMIT_BYTES / 3) + 1))).toBe('contentTooLarge');
    expect(contentError('é'.repeat(CONTENT_LIMIT_BYTES / 2 + 1))).toBe('contentTooLarge');
    expect(contentError('😀'.repeat(CONTENT_LIMIT_BYTES / 4))).toBeUndefined();
    expect(contentError('😀'.repeat(CONTENT_LIMIT_BYTES / 4 + 1))).toBe('contentTooLarge');
  });

  it('refuses blank content', () => {
    expect(contentError('')).toBe('contentEmpty');
    expect(contentError(' \n\t ')).toBe('contentEmpty');
  });
});

describe('max views', () => {
  it('is empty or a whole number from 0', () => {
    expect(parseMaxViews('')).toBe(0);
    expect(parseMaxViews(' 3 ')).toBe(3);
    expect(parseMaxViews('0')).toBe(0);
    expect(parseMaxViews('-1')).toBeUndefined();
    expect(parseMaxViews('1.5')).toBeUndefined();
    expect(parseMaxViews('1e3')).toBeUndefined();
  });
});

describe('buildCreateBody', () => {
  it('sends only what was filled in, trimmed; the password as typed', () => {
    const result = buildCreateBody({
      ...emptyPasteForm('# Hi'),
      slug: ' my-note ',
      password: ' p w ',
      expiry: 'week',
      maxViews: '2',
      remark: ' r ',
    });
    expect(result).toEqual({
      ok: true,
      body: { content: '# Hi', slug: 'my-note', password: ' p w ', expiry: 'week', maxViews: 2, remark: 'r' },
    });
    expect(buildCreateBody(emptyPasteForm('x'))).toEqual({
      ok: true,
      body: { content: 'x', expiry: 'day', maxViews: 0 },
    });
  });

  it('names every failing field before anything is sent', () => {
    const result = buildCreateBody({
      ...emptyPasteForm(''),
      slug: 'bad slug',
      maxViews: '-2',
      remark: 'x'.repeat(501),
    });
    expect(result).toEqual({
      ok: false,
      errors: { content: 'contentEmpty', slug: 'slugInvalid', maxViews: 'maxViewsInvalid', remark: 'remarkTooLong' },
    });
  });
});

describe('buildUpdateBody', () => {
  it('sends nothing when nothing changed', () => {
    expect(buildUpdateBody(pasteFormFromDetail(detail), detail)).toEqual({ ok: true, body: {} });
  });

  it('sends only the changed fields', () => {
    const values = {
      ...pasteFormFromDetail(detail),
      content: '# New',
      maxViews: '',
      expiry: 'never' as const,
      remark: '',
    };
    expect(buildUpdateBody(values, detail)).toEqual({
      ok: true,
      body: { content: '# New', maxViews: 0, expiry: 'never', remark: '' },
    });
  });

  it('sets or clears the password, and moves the link (empty = random)', () => {
    const base = pasteFormFromDetail(detail);
    expect(buildUpdateBody({ ...base, password: 'new' }, detail)).toEqual({ ok: true, body: { password: 'new' } });
    expect(buildUpdateBody({ ...base, clearPassword: true }, detail)).toEqual({
      ok: true,
      body: { clearPassword: true },
    });
    expect(buildUpdateBody({ ...base, clearPassword: true }, { ...detail, has_password: false })).toEqual({
      ok: true,
      body: {},
    });
    expect(buildUpdateBody({ ...base, slug: 'moved' }, detail)).toEqual({ ok: true, body: { newSlug: 'moved' } });
    expect(buildUpdateBody({ ...base, slug: '' }, detail)).toEqual({ ok: true, body: { newSlug: '' } });
    expect(buildUpdateBody({ ...base, slug: 'raw' }, detail)).toEqual({ ok: false, errors: { slug: 'slugReserved' } });
  });
});

describe('server answers', () => {
  const error = (status: number, code: string, details: { path: string; message: string }[] = []) =>
    new ApiError({ status, code, message: 'm', details });

  it('lands on the field it concerns', () => {
    expect(fieldErrorsFromApi(error(409, 'SLUG_TAKEN'))).toEqual({ slug: 'slugTaken' });
    expect(fieldErrorsFromApi(error(413, 'PAYLOAD_TOO_LARGE'))).toEqual({ content: 'tooLargeForServer' });
    expect(
      fieldErrorsFromApi(
        error(400, 'VALIDATION_FAILED', [
          { path: 'maxViews', message: 'x' },
          { path: 'expiresAt', message: 'y' },
        ]),
      ),
    ).toEqual({
      maxViews: 'maxViewsInvalid',
      expiry: 'expiryInvalid',
    });
    expect(fieldErrorsFromApi(error(500, 'INTERNAL'))).toEqual({});
  });

  it('otherwise says why saving failed (spec §8)', () => {
    expect(saveErrorOf(error(401, 'UNAUTHORIZED'))).toBe('loginRequired');
    expect(saveErrorOf(error(403, 'PERMISSION_DENIED'))).toBe('noPermission');
    expect(saveErrorOf(error(0, 'TIMEOUT'))).toBe('serverNotResponding');
    expect(saveErrorOf(error(503, 'UNAVAILABLE'))).toBe('serverNotResponding');
    expect(saveErrorOf(error(500, 'INTERNAL'))).toBe('saveFailed');
  });
});

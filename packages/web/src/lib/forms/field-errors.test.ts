import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { fieldErrorsFrom, sameNameTable, serverDetails, topLevelField, type FieldErrorTable } from './field-errors';

const TABLE: FieldErrorTable<'slug' | 'content', 'slugInvalid' | 'contentInvalid'> = {
  slug: ['slug', 'slugInvalid'],
  newSlug: ['slug', 'slugInvalid'],
  content: ['content', 'contentInvalid'],
};

describe('fieldErrorsFrom', () => {
  it('maps zod issues and server details by their first path segment', () => {
    expect(fieldErrorsFrom([{ path: ['content', 0] }], TABLE)).toEqual({ content: 'contentInvalid' });
    expect(fieldErrorsFrom([{ path: 'newSlug.value' }], TABLE)).toEqual({ slug: 'slugInvalid' });
  });

  it('keeps fields the form does not show, and prototype names, out', () => {
    expect(fieldErrorsFrom([{ path: 'other' }, { path: [] }, { path: 'constructor' }], TABLE)).toEqual({});
  });

  it('maps wire names onto the same-named fields with a same-name table', () => {
    const table = sameNameTable({ name: 'nameInvalid', basic_path: 'basicPathInvalid' });
    expect(fieldErrorsFrom([{ path: 'basic_path' }, { path: ['name'] }], table)).toEqual({
      basic_path: 'basicPathInvalid',
      name: 'nameInvalid',
    });
  });

  it('keeps the first error of a field', () => {
    const table: FieldErrorTable<'slug', 'a' | 'b'> = { slug: ['slug', 'a'], newSlug: ['slug', 'b'] };
    expect(fieldErrorsFrom([{ path: ['slug'] }, { path: ['newSlug'] }], table)).toEqual({ slug: 'a' });
  });
});

describe('serverDetails and topLevelField', () => {
  it('reads the details of an API error only', () => {
    const details = [{ path: 'name', message: 'bad' }];
    expect(serverDetails(new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'x', details }))).toEqual(
      details,
    );
    expect(serverDetails(new Error('x'))).toEqual([]);
    expect(topLevelField({ path: '' })).toBe('');
    expect(topLevelField({ path: [3, 'a'] })).toBe('3');
  });
});

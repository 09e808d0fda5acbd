import { describe, expect, it } from 'vitest';
import {
  FILENAME_MAX,
  FileListQuery,
  FileShareOptions,
  FileUpdateBody,
  Filename,
  MultipartCompleteBody,
  normalizeMimetype,
  shareableFilename,
  uploadMimetype,
} from './files.js';
import { UrlInfoBody } from './url-upload.js';

const issuePaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('file share schemas', () => {
  it('share options accept form strings and JSON numbers alike; empty fields mean absent', () => {
    expect(
      FileShareOptions.parse({
        expires_in: '24',
        max_views: '3',
        use_proxy: 'true',
        slug: '',
        remark: '',
        password: '',
      }),
    ).toEqual({
      expires_in: 24,
      max_views: 3,
      use_proxy: true,
      slug: undefined,
      remark: undefined,
      password: undefined,
      s3_config_id: undefined,
      path: undefined,
    });
    expect(FileShareOptions.parse({ expires_in: 1.5, max_views: 0, use_proxy: 0 })).toMatchObject({
      expires_in: 1.5,
      max_views: 0,
      use_proxy: false,
    });
    expect(FileShareOptions.parse({ expires_in: '', max_views: null })).toMatchObject({
      expires_in: undefined,
      max_views: undefined,
    });
  });

  it('share options refuse negative views, reserved slugs and paths that climb out', () => {
    expect(issuePaths(FileShareOptions.safeParse({ max_views: '-1' }))).toEqual(['max_views']);
    expect(issuePaths(FileShareOptions.safeParse({ max_views: 1.5 }))).toEqual(['max_views']);
    expect(issuePaths(FileShareOptions.safeParse({ slug: 'admin' }))).toEqual(['slug']);
    expect(issuePaths(FileShareOptions.safeParse({ path: 'a/../../b' }))).toEqual(['path']);
    expect(FileShareOptions.parse({ path: '/reports//2026/' }).path).toBe('reports/2026');
    // A folder name a disk would refuse (255 bytes of UTF-8 at most).
    expect(FileShareOptions.parse({ path: `a/${'b'.repeat(255)}` }).path).toBe(`a/${'b'.repeat(255)}`);
    expect(issuePaths(FileShareOptions.safeParse({ path: `a/${'b'.repeat(256)}` }))).toEqual(['path']);
    expect(issuePaths(FileShareOptions.safeParse({ path: '文'.repeat(86) }))).toEqual(['path']);
  });

  it('a bad number says what is wrong with it, not just that it is wrong', () => {
    const messages = (input: unknown) => FileShareOptions.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ max_views: '-3' })).toEqual(['Must be 0 or more']);
    expect(messages({ max_views: -3 })).toEqual(['Must be 0 or more']);
    expect(messages({ max_views: '1.5' })).toEqual(['Must be a whole number']);
    expect(messages({ expires_in: '-1' })).toEqual(['Must be 0 or more']);
    expect(messages({ max_views: 'lots' })).toEqual(['Must be a number']);
    expect(FileShareOptions.parse({ expires_in: '0.5' }).expires_in).toBe(0.5);
  });

  it('file names: no separators or control characters', () => {
    for (const bad of ['a/b.txt', 'a\\b', '..', 'x\u0000y', ''])
      expect(Filename.safeParse(bad).success, bad).toBe(false);
    expect(Filename.parse(' 报告 2026.pdf ')).toBe('报告 2026.pdf');
  });

  it('shareableFilename makes any file name one that Filename accepts', () => {
    expect(shareableFilename('back\\slash.txt')).toBe('back_slash.txt');
    expect(shareableFilename('tab\there\u0007.txt')).toBe('tab_here_.txt');
    expect(shareableFilename('..')).toBe('file');
    expect(shareableFilename(' 报告 2026.pdf ')).toBe('报告 2026.pdf');
    const long = `${'名'.repeat(300)}.tar.gz`;
    const short = shareableFilename(long);
    expect(short).toHaveLength(FILENAME_MAX);
    expect(short.endsWith('名.gz')).toBe(true);
    // A character outside the BMP (two UTF-16 units) is never cut in half.
    expect(shareableFilename(`${'a'.repeat(250)}😀😀.txt`)).toBe(`${'a'.repeat(250)}.txt`);
    for (const name of ['a\\b', '..', 'x\u0000y', long, `${'a'.repeat(250)}😀😀.txt`])
      expect(Filename.safeParse(shareableFilename(name)).success, name).toBe(true);
  });

  it('markdown extensions are stored as text/markdown; unknown types as octet-stream', () => {
    expect(uploadMimetype('notes.MD', 'application/octet-stream')).toBe('text/markdown');
    expect(uploadMimetype('a.rmd', null)).toBe('text/markdown');
    expect(uploadMimetype('a.png', 'image/png')).toBe('image/png');
    expect(uploadMimetype('a.bin', 'not a type')).toBe('application/octet-stream');
  });

  it('types keep only type/subtype and a plain charset: nothing a browser could read as another type', () => {
    expect(normalizeMimetype('Text/Plain; Charset="UTF-8"')).toBe('text/plain; charset=utf-8');
    expect(normalizeMimetype('application/pdf;,text/html')).toBe('application/pdf');
    expect(normalizeMimetype('image/png; name=x,text/html')).toBe('image/png');
    expect(normalizeMimetype('text/plain; charset=utf-8,text/html')).toBe('text/plain');
    expect(normalizeMimetype('text/plain;\u0000')).toBe('text/plain');
    expect(normalizeMimetype('text/plain;\u4e00')).toBe('text/plain');
    for (const bad of ['text/html,image/png', 'text', '/x', 'a/b c', 'ä/b', '', null, undefined])
      expect(normalizeMimetype(bad), String(bad)).toBeNull();
  });

  it('multipart complete needs an ETag for every part', () => {
    expect(issuePaths(MultipartCompleteBody.safeParse({ file_id: 'f', parts: [{ PartNumber: 1 }] }))).toEqual([
      'parts.0.ETag',
    ]);
    expect(issuePaths(MultipartCompleteBody.safeParse({ file_id: 'f', parts: [{ PartNumber: 1, ETag: '' }] }))).toEqual(
      ['parts.0.ETag'],
    );
  });

  it('update needs a change and one expiry form; list defaults to 50', () => {
    expect(FileUpdateBody.safeParse({}).success).toBe(false);
    expect(issuePaths(FileUpdateBody.safeParse({ expires_in: 1, expires_at: null }))).toEqual(['expires_at']);
    expect(FileUpdateBody.parse({ password: '' })).toEqual({ password: '' });
    expect(FileListQuery.parse({})).toEqual({ limit: 50, offset: 0, search: undefined });
  });

  it("an expiry may be ISO 8601 with an offset, or the original's stored form (UTC)", () => {
    expect(FileUpdateBody.parse({ expires_at: '2030-01-01T08:00:00+08:00' }).expires_at).toBe(
      '2030-01-01T08:00:00+08:00',
    );
    expect(FileUpdateBody.parse({ expires_at: '2030-01-01 00:00:00' }).expires_at).toBe('2030-01-01T00:00:00Z');
    expect(FileUpdateBody.parse({ expires_at: ' 2030-01-01 00:00:00.250 ' }).expires_at).toBe(
      '2030-01-01T00:00:00.250Z',
    );
    for (const bad of ['2030-01-01', '2030-01-01 25:00:00', 'tomorrow', '2030-01-01T00:00:00'])
      expect(FileUpdateBody.safeParse({ expires_at: bad }).success, bad).toBe(false);
  });

  it('URL upload takes only http(s) URLs', () => {
    for (const url of ['file:///etc/passwd', 'ftp://x/y', 'javascript:alert(1)', 'http://'])
      expect(UrlInfoBody.safeParse({ url }).success, url).toBe(false);
    expect(UrlInfoBody.parse({ url: ' https://example.com/a.zip ' }).url).toBe('https://example.com/a.zip');
  });
});

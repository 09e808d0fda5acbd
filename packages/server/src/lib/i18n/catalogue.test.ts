import { describe, expect, it } from 'vitest';
import { listOf, MESSAGES, PLACEHOLDER, msg, type MessageKey } from './catalogue.js';

/** Entries whose Chinese is, on purpose, not Chinese: the words clients of the original product expect. */
const NOT_CHINESE: ReadonlySet<string> = new Set<MessageKey>(['system.healthOk']);
/** Entries whose English is only a placeholder for words the Chinese cannot repeat (a driver's own message). */
const ENGLISH_ONLY_PLACEHOLDERS: ReadonlySet<string> = new Set<MessageKey>([
  'storage.object.invalidKey',
  'storage.object.invalidPart',
  'storage.object.badDigest',
  'storage.object.invalidRange',
]);

const entries = Object.entries(MESSAGES) as [MessageKey, { en: string; zh: string }][];
const names = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has every entry in both languages', () => {
    const empty = entries.filter(([, text]) => text.en.trim() === '' || text.zh.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('words every Chinese entry in Chinese', () => {
    const notChinese = entries
      .filter(([key, text]) => !NOT_CHINESE.has(key) && !/\p{Script=Han}/u.test(text.zh.replace(PLACEHOLDER, '')))
      .map(([key]) => key);
    expect(notChinese).toEqual([]);
  });

  it('has the same placeholders in both languages', () => {
    const mismatched = entries
      .filter(([key, text]) => !ENGLISH_ONLY_PLACEHOLDERS.has(key) && names(text.en).join() !== names(text.zh).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('uses braces only for placeholders', () => {
    const stray = entries
      .filter(([, text]) => /[{}]/.test(text.en.replace(PLACEHOLDER, '') + text.zh.replace(PLACEHOLDER, '')))
      .map(([key]) => key);
    expect(stray).toEqual([]);
  });
});

describe('msg', () => {
  it('returns a plain entry as it is', () => {
    expect(msg('http.success')).toEqual({ en: 'Success', zh: '成功' });
  });

  it('fills placeholders with a value or with a text per language', () => {
    expect(msg('http.notFound', { resource: 'X' })).toEqual({ en: 'X not found', zh: 'X不存在' });
    expect(msg('http.notFound', { resource: { en: 'Paste', zh: '文本分享' } })).toEqual({
      en: 'Paste not found',
      zh: '文本分享不存在',
    });
  });

  it('fills a list per language', () => {
    expect(listOf(['a', 'b'])).toEqual({ en: 'a, b', zh: 'a、b' });
    expect(listOf(['a', 'b'], ' and ')).toEqual({ en: 'a and b', zh: 'a、b' });
  });

  it('refuses, at type check, an unknown key and missing or unknown placeholders', () => {
    // Each line is a type error (npm run typecheck fails if one stops being one); at run time msg still answers.
    // @ts-expect-error an unknown key
    expect(() => msg('storage.probe.noSuchEntry')).toThrow();
    // @ts-expect-error a template without its values
    expect(msg('backup.unknownTable').en).toBe('Unknown table in the backup: {table}');
    // @ts-expect-error a placeholder the text does not have
    expect(msg('http.notFound', { name: 'X' }).en).toBe('{resource} not found');
  });

  it('does not read placeholders inside a filled value', () => {
    expect(msg('http.notFound', { resource: '{resource}' }).en).toBe('{resource} not found');
  });
});

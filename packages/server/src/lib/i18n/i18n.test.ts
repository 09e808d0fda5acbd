import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n.js';

describe('pickLanguage', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', undefined, 'zh-CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', undefined, 'en'],
    ['fr-FR,zh-TW;q=0.7,en;q=0.5', undefined, 'zh-CN'],
    ['en;q=0.3,zh;q=0.8', undefined, 'zh-CN'],
    ['fr,de', undefined, 'en'],
    ['zh;q=0', undefined, 'en'],
    ['en-US', 'zh-CN', 'zh-CN'],
    ['zh-CN', 'en', 'en'],
    ['zh-CN', 'klingon', 'zh-CN'],
  ] as const)('Accept-Language %s with X-Language %s → %s', (accept, explicit, expected) => {
    expect(pickLanguage(accept, explicit)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { textsPart } from '../../../texts-split';
import en from '../../locales/en.json';
import zh from '../../locales/zh-CN.json';

/** Every key path of a nested texts object. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the texts in two parts (issue 30)', () => {
  it.each([
    ['en', en],
    ['zh-CN', zh],
  ])('%s: the parts hold every text exactly once', (_language, texts) => {
    const first = keys(textsPart(texts, 'first'));
    const rest = keys(textsPart(texts, 'rest'));
    expect([...first, ...rest].sort()).toEqual(keys(texts).sort());
    expect(first.filter((key) => rest.includes(key))).toEqual([]);
  });

  it("a shared paste's page has its texts in the first part, the editor's and the login form's come later", () => {
    const first = keys(textsPart(en, 'first'));
    expect(first).toContain('paste.view.copyContent');
    expect(first).toContain('paste.render.loadError');
    expect(first.some((key) => key.startsWith('auth.session.'))).toBe(true);
    expect(first.some((key) => key.startsWith('paste.editor.') || key.startsWith('auth.login.'))).toBe(false);
  });
});

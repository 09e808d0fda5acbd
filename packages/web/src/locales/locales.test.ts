import { ERROR_STATUS, PERMISSION_OBJECT_KEYS } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES } from '../lib/api/api-error';
import en from './en.json';
import zhCN from './zh-CN.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const EN = flatten(en as Tree);
const ZH = flatten(zhCN as Tree);

/** i18next resolves `key` through its plural forms (`key_one`, `key_other`). */
function exists(key: string): boolean {
  return EN.has(key) || EN.has(`${key}_other`);
}

// Every app source file as text (Vite's glob import, so the test needs no Node typings).
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locales', () => {
  it('en and zh-CN have exactly the same keys', () => {
    const missingInZh = [...EN.keys()].filter((key) => !ZH.has(key));
    const missingInEn = [...ZH.keys()].filter((key) => !EN.has(key));
    expect({ missingInZh, missingInEn }).toEqual({ missingInZh: [], missingInEn: [] });
  });

  it('no translation is empty and both languages use the same placeholders', () => {
    for (const [key, text] of EN) {
      expect(text.trim(), key).not.toBe('');
      expect(ZH.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(ZH.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it("every literal t('…') key used in the sources exists", () => {
    const missing: string[] = [];
    let found = 0;
    expect(Object.keys(SOURCES).length).toBeGreaterThan(30);
    for (const [file, text] of Object.entries(SOURCES)) {
      for (const match of text.matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g)) {
        found += 1;
        const key = match[1] ?? '';
        if (!exists(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('every error code (contract and client) and every permission has a translation', () => {
    const codes = [...Object.keys(ERROR_STATUS), ...CLIENT_ERROR_CODES];
    expect(codes.filter((code) => !exists(`errors.${code}`))).toEqual([]);
    expect(Object.keys(PERMISSION_OBJECT_KEYS).filter((key) => !exists(`keys.permissions.${key}`))).toEqual([]);
  });
});

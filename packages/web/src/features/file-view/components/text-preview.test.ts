import { describe, expect, it } from 'vitest';
import { looksLikeGbk, wrapsLines } from './text-preview';

describe('wrapsLines', () => {
  it('wraps plain text (notes, logs, a README), not code', () => {
    expect(['notes.txt', 'server.log', 'README', 'LICENSE'].filter(wrapsLines)).toEqual(['notes.txt', 'server.log', 'README', 'LICENSE']);
    expect(['main.ts', 'data.json', 'style.css', 'query.sql', 'Makefile.mk'].filter(wrapsLines)).toEqual([]);
  });
});

describe('looksLikeGbk', () => {
  it('tells Chinese ANSI (pairs of high bytes) from Western (accented letters one at a time)', () => {
    // "你好，世界" in GBK.
    expect(looksLikeGbk(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7]))).toBe(true);
    // "Größe, café, naïve" in Windows-1252: one pair by chance, the rest alone.
    expect(looksLikeGbk(Uint8Array.from([0x47, 0x72, 0xf6, 0xdf, 0x65, 0x2c, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x2c, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x20, 0xe0, 0x20]))).toBe(false);
    // Portuguese and French in Windows-1252, whose accents can pair up by chance: never two pairs in a row.
    const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    expect(looksLikeGbk(cp1252('Atenção: soluções, funções, condições.'))).toBe(false);
    expect(looksLikeGbk(cp1252('Il a dit «\u00a0bonjour\u00a0» et «\u00a0merci\u00a0».'))).toBe(false);
    // Too few to tell.
    expect(looksLikeGbk(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).toBeUndefined();
  });
});

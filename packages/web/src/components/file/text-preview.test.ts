import { describe, expect, it } from 'vitest';
import { looksLikeGbk, wrapsLines } from './text-preview';

describe('wrapsLines', () => {
  it('wraps plain text (notes, logs, a README), not code', () => {
    expect(['notes.txt', 'server.log', 'README', 'LICENSE'].filter(wrapsLines)).toEqual([
      'notes.txt',
      'server.log',
      'README',
      'LICENSE',
    ]);
    expect(['main.ts', 'data.json', 'style.css', 'query.sql', 'Makefile.mk'].filter(wrapsLines)).toEqual([]);
  });
});

describe('looksLikeGbk', () => {
  const gbk = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
  const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

  it('reads Chinese ANSI, Simplified or Traditional (whose second bytes may be plain ASCII), as Chinese', () => {
    // "你好，世界" and "這個檔案" in GBK ("這" and "檔" have second bytes below 0x80).
    expect(looksLikeGbk(gbk('c4e3bac3a3accac0bde7'))).toBe(true);
    expect(looksLikeGbk(gbk('df408280996eb0b8'))).toBe(true);
  });

  it('does not take Western ANSI for Chinese, even where its accents happen to form GB18030', () => {
    expect(looksLikeGbk(cp1252('Atenção: soluções, funções, condições.'))).toBe(false);
    expect(looksLikeGbk(cp1252('Il a dit «\u00a0bonjour\u00a0» et «\u00a0merci\u00a0».'))).toBe(false);
    expect(looksLikeGbk(cp1252('Maßnahme größer'))).toBe(false);
    expect(looksLikeGbk(cp1252('Größe, café, naïve'))).toBe(false);
    // Accented letters paired with the plain letter after them, side by side: still not Chinese.
    for (const text of ['Une élève.', 'Thérèse', 'Tähän asti', 'nom;prénom\r\nDupont;Hélène\r\nMartin;Jérôme\r\n'])
      expect(looksLikeGbk(cp1252(text)), text).toBe(false);
  });

  it('is not put off by a stray byte or a cut-off last character in a Chinese file', () => {
    const chinese = Array.from({ length: 20 }, () => 'c4e3bac3a3accac0bde7').join('');
    expect(looksLikeGbk(gbk(`${chinese}ff${chinese}`))).toBe(true);
    expect(looksLikeGbk(gbk(`${chinese}c4`))).toBe(true);
  });

  it('leaves it to the page language when too little tells', () => {
    expect(looksLikeGbk(gbk('c4e3'))).toBeUndefined();
    expect(looksLikeGbk(cp1252('ação'))).toBeUndefined();
  });
});

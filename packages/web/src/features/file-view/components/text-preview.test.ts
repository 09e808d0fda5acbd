import { describe, expect, it } from 'vitest';
import { wrapsLines } from './text-preview';

describe('wrapsLines', () => {
  it('wraps plain text (notes, logs, a README), not code', () => {
    expect(['notes.txt', 'server.log', 'README', 'LICENSE'].filter(wrapsLines)).toEqual(['notes.txt', 'server.log', 'README', 'LICENSE']);
    expect(['main.ts', 'data.json', 'style.css', 'query.sql', 'Makefile.mk'].filter(wrapsLines)).toEqual([]);
  });
});

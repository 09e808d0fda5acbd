import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './basic-preset';
import { plainTextHtml } from './plain-text';

describe('plain text Markdown (no renderer needed)', () => {
  it('gives exactly what the small preset renders', () => {
    for (const source of [
      '© 2026 Driftbox',
      '  Made with care, for you!  ',
      '版权所有 ™ 2026 – 小组',
      "It's fine; really?",
    ])
      expect(plainTextHtml(source), source).toBe(renderMarkdown(source));
  });

  it('leaves anything with Markdown, links or markup to the renderer', () => {
    const sources = [
      'driftbox.example.com',
      'mail me@example.com',
      'https://x',
      '**bold**',
      '- item',
      '1) one',
      '# Title',
      '<b>x</b>',
      'a & b',
      'two\nlines',
      '[link](x)',
      '`code`',
      '"quoted"',
      '',
    ];
    for (const source of sources) expect(plainTextHtml(source), source).toBeUndefined();
  });
});

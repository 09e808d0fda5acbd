import { describe, expect, it } from 'vitest';
import { renderMarkdownDocument as renderFull } from './full-preset';
import { renderMarkdownDocument as renderLight } from './light-preset';
import { needsFullPreset } from './needs-full-preset';

const PLAIN = [
  '# Trip notes',
  '',
  'Pack **sunscreen**',
  'and a [map](https://example.com/map) or https://example.org.',
  '',
  '| Day | Place |',
  '| --- | ----- |',
  '| 1   | Lyon  |',
  '',
  '- [x] Book the train',
  '- [ ] Buy snacks',
  '',
  '    indented code',
  '',
  '## Second <b>heading</b>',
].join('\n');

describe('light preset', () => {
  it('renders a source without fences or math exactly as the full preset does', () => {
    expect(needsFullPreset(PLAIN)).toBe(false);
    for (const flavour of ['note', 'document'] as const) {
      const light = renderLight(PLAIN, { flavour });
      expect(light).toEqual(renderFull(PLAIN, { flavour }));
      expect(light.toc.length).toBe(2);
    }
  });

  it('sends fenced code and math to the full preset', () => {
    expect(needsFullPreset('```ts\nconst a = 1;\n```')).toBe(true);
    expect(needsFullPreset('~~~\ncode\n~~~')).toBe(true);
    expect(needsFullPreset('Euler: $e^{i\\pi} + 1 = 0$')).toBe(true);
    expect(renderFull('$x^2$').html).toContain('katex');
    expect(renderLight('$x^2$').html).not.toContain('katex');
  });
});

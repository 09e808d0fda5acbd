import { describe, expect, it } from 'vitest';
import { renderMarkdownDocument } from './full-preset';
import { shouldShowToc, slugifyHeading } from './toc';

/** Parses rendered HTML into a detached element, as the page would show it. */
function dom(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdownDocument(source).html;
  return host;
}

// The XSS payloads run over both presets in renderer.test.ts.
describe('renderMarkdownDocument: links', () => {
  it('keeps safe links, opening outside links in a new tab without the opener', () => {
    const link = dom('[docs](https://example.com/docs) and [top](#md-top)').querySelectorAll('a');
    expect(link[0]).toHaveAttribute('href', 'https://example.com/docs');
    expect(link[0]).toHaveAttribute('target', '_blank');
    expect(link[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link[1]).toHaveAttribute('href', '#md-top');
    expect(link[1]).not.toHaveAttribute('target');
  });
});

describe('renderMarkdownDocument: features', () => {
  it('renders GFM tables (in a scroll box) and disabled task-list checkboxes', () => {
    const host = dom('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n- [ ] open');
    expect(host.querySelector('.table-wrap > table td')?.textContent).toBe('1');
    const boxes = [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    // Named by their item's text (axe: a form control without a label is critical).
    expect(boxes.map((box) => box.closest('label')?.textContent?.trim())).toEqual(['done', 'open']);
  });

  it("announces the document's headings one level below their tag: the page owns the h1", () => {
    const host = dom('# Title\n\n## Part\n\n###### Deep');
    const levels = [...host.querySelectorAll('h1, h2, h6')].map((h) => [h.tagName, h.getAttribute('aria-level')]);
    expect(levels).toEqual([
      ['H1', '2'],
      ['H2', '3'],
      ['H6', '6'],
    ]);
  });

  it('highlights known languages and escapes unknown ones', () => {
    const host = dom('```js\nconst a = 1;\n```\n\n```nosuchlang\n<b>x</b>\n```');
    expect(host.querySelector('code.language-js .hljs-keyword')?.textContent).toBe('const');
    const plain = host.querySelectorAll('pre code')[1];
    expect(plain?.querySelector('b')).toBeNull();
    expect(plain?.textContent).toBe('<b>x</b>\n');
  });

  it('typesets inline and block math with KaTeX (HTML and MathML)', () => {
    const host = dom('Inline $E = mc^2$.\n\n$$\n\\frac{1}{3}\n$$');
    expect(host.querySelectorAll('.katex')).toHaveLength(2);
    expect(host.querySelector('.katex-display, .katex-block')).not.toBeNull();
    expect(host.querySelector('math')).not.toBeNull();
  });

  it('marks mermaid fences for the client-side renderer and keeps their source as text', () => {
    const result = renderMarkdownDocument('```mermaid\ngraph LR\n  A --> B\n```');
    expect(result.hasMermaid).toBe(true);
    const host = dom('```mermaid\ngraph LR\n  A --> B\n```');
    expect(host.querySelector('.mermaid-block code')?.textContent).toBe('graph LR\n  A --> B\n');
    expect(renderMarkdownDocument('```js\nx\n```').hasMermaid).toBe(false);
  });
});

describe('line breaks', () => {
  const source = 'First line\nsame paragraph\n\nNext paragraph  \nhard break';

  it('pastes (notes) turn every source newline into a line break', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdownDocument(source).html;
    expect(host.querySelectorAll('p')[0]?.querySelectorAll('br')).toHaveLength(1);
    expect(host.querySelectorAll('p')[1]?.querySelectorAll('br')).toHaveLength(1);
  });

  it('documents (a README.md file) join soft-wrapped lines with a space and keep hard breaks', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdownDocument(source, { flavour: 'document' }).html;
    const [first, second] = host.querySelectorAll('p');
    expect(first?.querySelector('br')).toBeNull();
    expect(first?.textContent).toBe('First line\nsame paragraph');
    expect(second?.querySelectorAll('br')).toHaveLength(1);
  });

  it('leaves code blocks untouched in both flavours', () => {
    for (const flavour of ['note', 'document'] as const) {
      const host = document.createElement('div');
      host.innerHTML = renderMarkdownDocument('```\na\nb\n```', { flavour }).html;
      expect(host.querySelector('pre br')).toBeNull();
    }
  });
});

describe('table of contents', () => {
  it('lists every heading with a unique, prefixed id that the rendered heading carries', () => {
    const source = '# Intro\n\n## Set-up *now*\n\n## Set-up now\n\n### 中文 标题\n\n#### `code` & more!';
    const { toc, html } = renderMarkdownDocument(source);
    expect(toc).toEqual([
      { level: 1, text: 'Intro', id: 'md-intro' },
      { level: 2, text: 'Set-up now', id: 'md-set-up-now' },
      { level: 2, text: 'Set-up now', id: 'md-set-up-now-1' },
      { level: 3, text: '中文 标题', id: 'md-中文-标题' },
      { level: 4, text: 'code & more!', id: 'md-code-more' },
    ]);
    const host = document.createElement('div');
    host.innerHTML = html;
    expect([...host.querySelectorAll('h1, h2, h3, h4')].map((h) => h.id)).toEqual(toc.map((entry) => entry.id));
  });

  it('gives headings without letters a fallback anchor', () => {
    expect(slugifyHeading('!!!')).toBe('section');
    expect(slugifyHeading('  Hello   World  ')).toBe('hello-world');
  });

  it('is shown from three headings on', () => {
    const entry = { level: 2, text: 'a', id: 'md-a' };
    expect(shouldShowToc([entry, entry])).toBe(false);
    expect(shouldShowToc([entry, entry, entry])).toBe(true);
  });
});

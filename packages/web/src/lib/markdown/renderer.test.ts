import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './basic-preset';
import { renderMarkdownDocument } from './full-preset';

/** Both presets of the one renderer: each must render every payload inert. */
const PRESETS: [string, (source: string) => string][] = [
  ['full preset (pastes)', (source) => renderMarkdownDocument(source).html],
  ['basic preset (footer, announcement)', renderMarkdown],
];

/** Everything in the output that could run script. */
function activeParts(host: HTMLElement) {
  const elements = [...host.querySelectorAll('*')];
  return {
    tags: elements
      .map((el) => el.tagName.toLowerCase())
      .filter((tag) => ['script', 'iframe', 'object', 'embed', 'style', 'form', 'base'].includes(tag)),
    handlers: elements.flatMap((el) =>
      [...el.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => a.name),
    ),
    urls: elements
      .flatMap((el) => ['href', 'src', 'xlink:href', 'action'].map((name) => el.getAttribute(name) ?? ''))
      .filter((url) => /^\s*(javascript|vbscript|data:text\/html)/i.test(url)),
  };
}

const INERT = { tags: [], handlers: [], urls: [] };

const payloads: [string, string][] = [
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['javascript: Markdown link', '[x](javascript:alert(1))'],
  ['javascript: link with entities', '[x](jav&#x61;script:alert(1))'],
  ['svg onload', '<svg onload=alert(1)></svg>'],
  ['raw script', '<script>alert(1)</script>'],
  ['raw javascript: anchor', '<a href="javascript:alert(1)">x</a>'],
  ['iframe', '<iframe src="https://evil.example"></iframe>'],
  ['image title breaking out', '![a](x" onerror="alert(1))'],
  ['autolink', '<javascript:alert(1)>'],
  ['data: HTML link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['KaTeX \\href', '$\\href{javascript:alert(1)}{x}$'],
  ['mermaid fence with markup', '```mermaid\ngraph LR\nA["<img src=x onerror=alert(1)>"] --> B\n```'],
];

describe.each(PRESETS)('%s: XSS payloads render inert', (_preset, render) => {
  /** Parses rendered HTML into a detached element, as the page would show it. */
  function dom(source: string): HTMLElement {
    const host = document.createElement('div');
    host.innerHTML = render(source);
    return host;
  }

  it.each(payloads)('%s', (_name, payload) => {
    const host = dom(payload);
    expect(activeParts(host)).toEqual(INERT);
    expect(host.querySelector('img[onerror], svg, iframe')).toBeNull();
  });

  it('shows raw HTML as the text that was typed', () => {
    const host = dom('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(host.textContent).toContain('<script>alert(1)</script>');
    expect(host.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('opens outside links in a new tab without the opener', () => {
    const link = dom('[docs](https://example.com/docs)').querySelector('a');
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

import { describe, expect, it } from 'vitest';
import { isAllowedMarkdownHtml, renderFirstViewMarkdown } from './first-view-markdown.js';

// Issue 30: the server renders an open paste's Markdown only within an allow-list of the light preset's output.

const DOCUMENT = [
  '# Title *x*',
  '## Sub [link](https://a.b/?q=1&r=2 "t\\"x")',
  'text https://auto.link <b>raw</b> ![img](https://x/y.png "ti") ![d](data:image/png;base64,AAA)',
  '- [ ] todo',
  '- [x] done',
  '3) three',
  '',
  '| a | b |',
  '|:-|-:|',
  '| 1 | 2 |',
  '',
  '> quote',
  '',
  '---',
  '~~strike~~ `inline` [rel](./foo) [anchor](#md-title) <https://x.y> mail@x.com',
].join('\n');

describe('the first view Markdown of an open paste', () => {
  it('renders what the light preset writes, with its table of contents', () => {
    const rendered = renderFirstViewMarkdown(DOCUMENT);
    expect(rendered?.html).toContain('<h1 id="md-title-x" aria-level="2">Title <em>x</em></h1>');
    expect(rendered?.html).toContain('<input class="task-list-item-checkbox" checked="" disabled="" type="checkbox">');
    expect(rendered?.html).toContain('<div class="table-wrap"><table>');
    expect(rendered?.html).toContain('&lt;b&gt;raw&lt;/b&gt;');
    expect(rendered?.toc.map((entry) => entry.id)).toEqual(['md-title-x', 'md-sub-link']);
  });

  it('leaves code, math and diagrams to the app (the full preset)', () => {
    for (const source of ['```js\nx\n```', '~~~\nx\n~~~', 'costs $5', '```mermaid\ngraph TD\n```'])
      expect(renderFirstViewMarkdown(source)).toBeUndefined();
  });

  it('drops links to scripts and documents (markdown-it validateLink), never writing them', () => {
    const html = renderFirstViewMarkdown(
      '[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html,x) ![d](file:///etc/passwd)',
    )?.html;
    expect(html).toBeDefined();
    expect(html).not.toMatch(/href=|src=/);
  });

  it('refuses anything outside the allow-list', () => {
    const refused = [
      '<script>alert(1)</script>',
      '<p onclick="x">a</p>',
      '<a href="javascript:alert(1)">a</a>',
      '<a href="jav&#x61;script:alert(1)">a</a>',
      '<a href=" java\tscript:alert(1)">a</a>',
      '<img src="data:image/svg+xml;base64,AAA" alt="">',
      '<img src=x onerror=alert(1)>',
      '<div class="mermaid-block x">a</div>',
      '<h2 id="location">a</h2>',
      '<td style="background:url(x)">a</td>',
      '<a href="#" target="_top">a</a>',
      '</p class="x">',
      '<p>a > b</p>',
      '<iframe src="https://x"></iframe>',
    ];
    for (const html of refused) expect(isAllowedMarkdownHtml(html), html).toBe(false);
    const allowed = [
      '<p><a href="https://a.b/?q=1&amp;r=2" title="t&quot;x" target="_blank" rel="noopener noreferrer">x</a></p>',
      '<p><a href="mailto:a@b.c">a</a> <a href="./x">b</a> <a href="#md-x">c</a></p>',
      '<img src="data:image/png;base64,AAA" alt="d">',
      '<ol start="3">\n<li>x</li>\n</ol>',
    ];
    for (const html of allowed) expect(isAllowedMarkdownHtml(html), html).toBe(true);
  });
});

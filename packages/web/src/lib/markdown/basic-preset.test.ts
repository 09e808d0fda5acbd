import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './basic-preset';

// The footer and announcement HTML as it was before the presets shared one renderer (its own
// markdown-it and DOMPurify set-up): the small preset must keep producing exactly this.
describe('renderMarkdown (basic preset)', () => {
  it.each([
    ['Run by Ada', '<p>Run by Ada</p>\n'],
    ['**Maintenance** tonight', '<p><strong>Maintenance</strong> tonight</p>\n'],
    [
      '[top](#x) [docs](https://example.com)',
      '<p><a href="#x" target="_blank" rel="noopener noreferrer">top</a> ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">docs</a></p>\n',
    ],
    ['a\nb', '<p>a<br>\nb</p>\n'],
    [
      '# Head\n\n- one\n- [ ] two\n\n| a | b |\n| - | - |\n| 1 | 2 |',
      '<h1>Head</h1>\n<ul>\n<li>one</li>\n<li>[ ] two</li>\n</ul>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n' +
        '</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n',
    ],
    ['```js\nconst a = 1;\n```', '<pre><code class="language-js">const a = 1;\n</code></pre>\n'],
    ['www.example.com and <b>x</b>', '<p>www.example.com and &lt;b&gt;x&lt;/b&gt;</p>\n'],
    ['$x$ ![i](https://e.x/i.png "t")', '<p>$x$ <img src="https://e.x/i.png" alt="i" title="t"></p>\n'],
    [
      '<img src=x onerror=alert(1)> [x](javascript:alert(1))',
      '<p>&lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1))</p>\n',
    ],
  ])('%j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });
});

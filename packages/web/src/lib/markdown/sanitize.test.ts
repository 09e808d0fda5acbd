import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeSvg } from './sanitize';

// The second line of defence on its own: HTML that markdown-it would never emit (raw HTML is off)
// must still come out inert if it ever did.
describe('sanitizeHtml', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<svg onload=alert(1)></svg>', '<svg></svg>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    // The form goes; its harmless content stays, without the script URL.
    ['<form action="/x"><button formaction="javascript:alert(1)">b</button></form>', '<button>b</button>'],
    ['<style>body{display:none}</style>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', '<math><mi>x</mi></math>'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('keeps what the renderer needs: KaTeX styles and MathML, disabled task checkboxes, new-tab links', () => {
    const html = sanitizeHtml(
      '<span class="katex"><math><semantics><mi>x</mi></semantics></math><span style="height:1em"></span></span>' +
        '<input type="checkbox" checked><a href="https://example.com" target="_blank">x</a>',
    );
    // <semantics> is on DOMPurify's MathML deny list (mXSS); its content stays.
    expect(html).toContain('<math><mi>x</mi></math>');
    expect(html).toContain('style="height:1em"');
    expect(html).toContain('<input type="checkbox" checked="" disabled="">');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describe('sanitizeSvg', () => {
  it('keeps diagram markup and drops scripts and handlers', () => {
    const svg = sanitizeSvg(
      '<svg onload="alert(1)"><style>.a{fill:red}</style><script>alert(1)</script><g class="a"><rect width="1" height="1"></rect>' +
        '<foreignObject><div onclick="alert(1)">label</div></foreignObject></g></svg>',
    );
    expect(svg).not.toMatch(/onload|onclick|<script/);
    expect(svg).toContain('<rect width="1" height="1"></rect>');
    expect(svg).toContain('label');
  });
});

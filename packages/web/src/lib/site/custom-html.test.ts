import { describe, expect, it } from 'vitest';
import { applyCustomHtml, CUSTOM_HTML_ATTRIBUTE } from './custom-html';

const marked = (target: 'head' | 'body') => [...document.querySelectorAll(`[${CUSTOM_HTML_ATTRIBUTE}="${target}"]`)];

describe('applyCustomHtml', () => {
  it('appends the head HTML once and replaces it when it changes', () => {
    const before = document.head.children.length;
    applyCustomHtml('head', '<meta name="owner" content="ada"><style>.x{color:red}</style>');
    applyCustomHtml('head', '<meta name="owner" content="ada"><style>.x{color:red}</style>');
    expect(marked('head').map((node) => node.tagName)).toEqual(['META', 'STYLE']);
    expect(document.head.children.length).toBe(before + 2);

    applyCustomHtml('head', '<link rel="me" href="https://example.com/ada">');
    expect(marked('head').map((node) => node.outerHTML)).toEqual([
      `<link rel="me" href="https://example.com/ada" ${CUSTOM_HTML_ATTRIBUTE}="head">`,
    ]);
    expect(document.querySelector('meta[name="owner"]')).toBeNull();

    applyCustomHtml('head', '');
    expect(marked('head')).toEqual([]);
    expect(document.head.children.length).toBe(before);
  });

  it('puts the body HTML at the end of <body>, keeping stray text, and leaves other nodes alone', () => {
    const app = document.createElement('div');
    app.id = 'root';
    document.body.append(app);
    applyCustomHtml('body', '<div class="banner">Hello</div> and goodbye');
    expect(document.body.lastElementChild).toHaveTextContent('and goodbye');
    expect(marked('body').map((node) => node.textContent?.trim())).toEqual(['Hello', 'and goodbye']);

    applyCustomHtml('body', '<p>Second</p>');
    expect(marked('body').map((node) => node.outerHTML)).toEqual([`<p ${CUSTOM_HTML_ATTRIBUTE}="body">Second</p>`]);
    expect(document.getElementById('root')).toBe(app);
    applyCustomHtml('body', '');
    app.remove();
  });

  it('applies again when something removed the nodes', () => {
    applyCustomHtml('head', '<meta name="keep" content="1">');
    for (const node of marked('head')) node.remove();
    applyCustomHtml('head', '<meta name="keep" content="1">');
    expect(marked('head')).toHaveLength(1);
    applyCustomHtml('head', '');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { sourceTag } from '@driftbox/contract/markdown/source';
import {
  firstViewDocument,
  firstViewHtml,
  firstViewRendersMarkdown,
  forgetFirstView,
  keepFirstView,
} from './first-view';

function rootWith(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

afterEach(() => {
  forgetFirstView();
  window.history.replaceState(null, '', '/');
});

describe('the server first view kept by the app', () => {
  it('is given back on its own page only, until forgotten, with its text still escaped', () => {
    window.history.replaceState(null, '', '/paste/abc');
    const server =
      '<article data-first-view="paste"><div class="first-view-text">&lt;img src=x onerror=alert(1)&gt;</div></article>';
    keepFirstView(rootWith(`<main>${server}</main>`));
    expect(firstViewHtml()).toBe(server);
    window.history.replaceState(null, '', '/paste/other');
    expect(firstViewHtml()).toBeUndefined();
    window.history.replaceState(null, '', '/paste/abc');
    forgetFirstView();
    expect(firstViewHtml()).toBeUndefined();
  });

  it('is absent when the page had none (the skeleton only)', () => {
    keepFirstView(rootWith('<main><div id="boot-page" aria-busy="true"></div></main>'));
    expect(firstViewHtml()).toBeUndefined();
  });
});

describe('the Markdown the server rendered for an open paste', () => {
  const source = '# Notes\n\nHello';
  const toc = [{ level: 1, text: 'Notes', id: 'md-notes' }];
  const html = '<h1 id="md-notes" aria-level="2">Notes</h1>\n<p>Hello</p>\n';
  const server = (tag: string, tocAttribute = JSON.stringify(toc).replaceAll('"', '&quot;')) =>
    `<main><article data-first-view="paste"><div class="markdown-body" data-first-view-markdown="${tag}" ` +
    `data-toc="${tocAttribute}">${html}</div></article></main>`;

  it('is given for the very source it was rendered from, with its outline', () => {
    window.history.replaceState(null, '', '/paste/abc');
    keepFirstView(rootWith(server(sourceTag(source))));
    expect(firstViewRendersMarkdown()).toBe(true);
    expect(firstViewDocument(source)).toEqual({ source, html, toc });
    expect(firstViewDocument(`${source}!`)).toBeUndefined();
  });

  it('is not given for another tag, a broken outline, or escaped text', () => {
    window.history.replaceState(null, '', '/paste/abc');
    keepFirstView(rootWith(server(sourceTag('other'))));
    expect(firstViewDocument(source)).toBeUndefined();
    keepFirstView(rootWith(server(sourceTag(source), '{broken')));
    expect(firstViewDocument(source)).toBeUndefined();
    keepFirstView(rootWith('<article data-first-view="paste"><div class="first-view-text"># Notes</div></article>'));
    expect(firstViewRendersMarkdown()).toBe(false);
    expect(firstViewDocument('# Notes')).toBeUndefined();
  });
});

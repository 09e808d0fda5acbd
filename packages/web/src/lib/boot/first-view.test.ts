import { afterEach, describe, expect, it } from 'vitest';
import { firstViewHtml, forgetFirstView, keepFirstView } from './first-view';

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

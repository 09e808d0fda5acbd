import { sourceTag } from '@driftbox/contract/markdown/source';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetFirstView, keepFirstView } from '../../lib/boot/first-view';
import { useRenderedMarkdown } from './use-rendered-markdown';

// Issue 30: an open plain paste comes rendered by the server; its page fetches no renderer for it.
const imported = vi.hoisted(() => ({ light: 0 }));
vi.mock('../../lib/markdown/light-preset', async (importOriginal) => {
  imported.light += 1;
  return importOriginal();
});

const source = '# Notes\n\nHello';
const html = '<h1 id="md-notes" aria-level="2">Notes</h1>\n<p>Hello</p>\n';

function keepServerRendering() {
  window.history.replaceState(null, '', '/paste/abc');
  const root = document.createElement('div');
  root.innerHTML =
    `<article data-first-view="paste"><div class="markdown-body" data-first-view-markdown="${sourceTag(source)}" ` +
    `data-toc="[{&quot;level&quot;:1,&quot;text&quot;:&quot;Notes&quot;,&quot;id&quot;:&quot;md-notes&quot;}]">` +
    `${html}</div></article>`;
  keepFirstView(root);
}

afterEach(() => {
  forgetFirstView();
  window.history.replaceState(null, '', '/');
});

describe('useRenderedMarkdown and the server first view', () => {
  it('shows the server rendering of the same source without loading a renderer, even once forgotten', () => {
    keepServerRendering();
    const { result, rerender } = renderHook(() => useRenderedMarkdown(source));
    expect(result.current).toEqual({
      status: 'ready',
      result: { html, toc: [{ level: 1, text: 'Notes', id: 'md-notes' }], hasMermaid: false },
    });
    forgetFirstView();
    rerender();
    expect(result.current.status).toBe('ready');
    expect(imported.light).toBe(0);
  });

  it('renders itself once the source changes (an edit), or for a document of another flavour', async () => {
    keepServerRendering();
    const { result, rerender } = renderHook(({ text }) => useRenderedMarkdown(text), {
      initialProps: { text: source },
    });
    rerender({ text: '# Notes\n\nHello again' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.status === 'ready' && result.current.result.html).toContain('Hello again');
    expect(imported.light).toBe(1);
    const readme = renderHook(() => useRenderedMarkdown(source, 'document'));
    expect(readme.result.current.status).toBe('ready');
    expect(readme.result.current.status === 'ready' && readme.result.current.result.html).not.toContain(
      'data-first-view',
    );
  });
});

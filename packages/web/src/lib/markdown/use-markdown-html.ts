import { useEffect, useState } from 'react';

/**
 * `source` rendered by the small Markdown preset, lib/markdown/basic-preset (markdown-it with raw HTML off, then DOMPurify), or '' while the
 * renderer loads. The renderer is imported on demand so it stays out of the first download; until the
 * new source is rendered the previous HTML stays, so a footer or preview does not flash empty.
 */
export function useMarkdownHtml(source: string): string {
  const [html, setHtml] = useState('');

  useEffect(() => {
    // Nothing to render: do not fetch the renderer for it (an empty footer is the common case).
    if (!source.trim()) return;
    let current = true;
    void import('./basic-preset').then(({ renderMarkdown }) => {
      if (current) setHtml(renderMarkdown(source));
    });
    return () => {
      current = false;
    };
  }, [source]);

  return source.trim() ? html : '';
}

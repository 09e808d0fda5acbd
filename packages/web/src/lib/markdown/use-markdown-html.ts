import { useEffect, useState } from 'react';
import { plainTextHtml } from './plain-text';

/**
 * `source` rendered by the small Markdown preset, lib/markdown/basic-preset (markdown-it with raw HTML off, then
 * DOMPurify), or '' while the renderer loads. The renderer is imported on demand so it stays out of the first
 * download, and not at all for plain text (plain-text.ts); until the new source is rendered the previous HTML
 * stays, so a footer or preview does not flash empty.
 */
export function useMarkdownHtml(source: string): string {
  const [html, setHtml] = useState('');
  const plain = plainTextHtml(source);

  useEffect(() => {
    // Nothing to render, or plain text: do not fetch the renderer for it (an empty footer is the common case).
    if (!source.trim() || plain !== undefined) return;
    let current = true;
    void import('./basic-preset').then(({ renderMarkdown }) => {
      if (current) setHtml(renderMarkdown(source));
    });
    return () => {
      current = false;
    };
  }, [source, plain]);

  if (plain !== undefined) return plain;
  return source.trim() ? html : '';
}

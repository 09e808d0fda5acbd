import { useEffect, useState } from 'react';
import { useSiteConfig } from '../../lib/site-config';

/**
 * The admin-set footer Markdown (sanitised); nothing at all when it is empty. The Markdown renderer
 * and sanitiser load on demand, keeping them out of the first download.
 */
export function SiteFooter() {
  const { site_footer_markdown: markdown } = useSiteConfig();
  const [rendered, setRendered] = useState<{ source: string; html: string }>({ source: '', html: '' });

  useEffect(() => {
    if (!markdown.trim()) return;
    let current = true;
    void import('../../lib/markdown').then(({ renderMarkdown }) => {
      if (current) setRendered({ source: markdown, html: renderMarkdown(markdown) });
    });
    return () => {
      current = false;
    };
  }, [markdown]);

  // Until the new Markdown is rendered, keep the previous footer rather than flashing an empty one.
  if (!markdown.trim() || !rendered.html) return null;
  return (
    <footer className="border-t border-line bg-surface/60">
      {/* The HTML comes from renderMarkdown: markdown-it with raw HTML off, then DOMPurify. */}
      <div className="prose-lite mx-auto max-w-7xl px-4 py-6 text-center text-sm text-fg-subtle sm:px-6" dangerouslySetInnerHTML={{ __html: rendered.html }} />
    </footer>
  );
}

import { useSiteConfig } from '../../lib/site/site-config';
import { useMarkdownHtml } from '../../lib/markdown/use-markdown-html';

/**
 * The admin-set footer Markdown (sanitised); nothing at all when it is empty. The Markdown renderer
 * and sanitiser load on demand, keeping them out of the first download.
 */
export function SiteFooter() {
  const { site_footer_markdown: markdown } = useSiteConfig();
  const html = useMarkdownHtml(markdown);
  if (!html) return null;
  return (
    <footer className="border-t border-line bg-surface/60">
      {/* The HTML comes from renderMarkdown: markdown-it with raw HTML off, then DOMPurify. */}
      <div
        className="prose-lite mx-auto max-w-7xl px-4 py-6 text-center text-sm text-fg-subtle sm:px-6"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </footer>
  );
}

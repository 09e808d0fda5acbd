import { createMarkdownRenderer } from './renderer';

/**
 * The small preset of the site's own texts (footer, announcement, the settings preview): plain
 * CommonMark with line breaks, no highlighting, math or diagrams, so its chunk stays light. Every
 * link, an in-page one too, opens a new tab, as it always has in the footer.
 */
const basic = createMarkdownRenderer({ inPageLinksStay: false });

/** Renders admin-set Markdown to sanitised HTML (ARCHITECTURE §5). */
export function renderMarkdown(source: string): string {
  return basic.render(source);
}

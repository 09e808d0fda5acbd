import { createDocumentRenderer } from './document-rules';

export type { RenderedMarkdown, RenderOptions } from './document-rules';

/**
 * The full preset's rules without highlight.js and KaTeX, for a paste with neither fenced code nor `$` (issue 30:
 * renderers load only when a paste uses them). Its output equals the full preset's for such a source.
 */
export const renderMarkdownDocument = createDocumentRenderer();

import type { MarkdownIt } from 'markdown-it';
import { pluginOf } from '@driftbox/contract/markdown/base';
import { extendDocument, type LineBreakEnv } from '@driftbox/contract/markdown/document';
import type { TocEntry } from '@driftbox/contract/markdown/toc';
import { createMarkdownRenderer, type MarkdownPreset } from './renderer';

/**
 * The document renderers of the web app: the shared rules of documents (contract markdown/document.ts) and the
 * sanitiser. Two presets use them: full-preset.ts adds highlighted code and KaTeX math, light-preset.ts does not,
 * so a paste without fences or math does not download either (issue 30).
 */
export { pluginOf };

export interface RenderedMarkdown {
  /** Sanitised HTML, safe for innerHTML. */
  html: string;
  toc: TocEntry[];
  /** True when the document has ```mermaid blocks, so the (large) Mermaid library is worth loading. */
  hasMermaid: boolean;
}

export interface RenderOptions {
  /**
   * 'note' (default, pastes): every source newline is a line break. 'document' (a shared README.md):
   * CommonMark soft breaks, so a paragraph wrapped in the source reads as one paragraph.
   */
  flavour?: 'note' | 'document';
}

/** A document renderer: `highlight` for fenced code and `math` (a plugin) are what the full preset adds. */
export function createDocumentRenderer({
  highlight,
  math,
}: {
  highlight?: MarkdownPreset['highlight'];
  math?: (md: MarkdownIt) => void;
} = {}) {
  const renderer = createMarkdownRenderer({
    highlight,
    inPageLinksStay: true,
    extend: (md) => extendDocument(md, math),
  });
  /** Renders Markdown to sanitised HTML with its table of contents. */
  return function renderMarkdownDocument(source: string, { flavour = 'note' }: RenderOptions = {}): RenderedMarkdown {
    const env: LineBreakEnv = { softBreaksAsSpaces: flavour === 'document' };
    const html = renderer.render(source, env);
    return { html, toc: env.toc ?? [], hasMermaid: env.hasMermaid === true };
  };
}

import type { MarkdownIt } from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import { createMarkdownRenderer, type MarkdownPreset } from './renderer';
import { headingAnchors, type RenderEnv, type TocEntry } from './toc';

/**
 * The rules of documents (pastes, shared READMEs): GFM task lists, heading anchors, Mermaid placeholders, tables
 * that scroll, soft breaks by flavour. Two presets use them: full-preset.ts adds highlighted code and KaTeX math,
 * light-preset.ts does not, so a paste without fences or math does not download either (issue 30).
 */
/**
 * Both plugins are CommonJS; depending on the bundler's interop the default import is the function
 * itself or `{ default: function }` (the Markdown KaTeX plugin is compiled TypeScript with __esModule).
 */
export function pluginOf<T>(module: T): T {
  const inner = (module as { default?: T }).default;
  return typeof module === 'function' ? module : (inner ?? module);
}

export interface LineBreakEnv extends RenderEnv {
  softBreaksAsSpaces?: boolean;
}

function extendDocument(md: MarkdownIt, math?: (md: MarkdownIt) => void): void {
  // Each checkbox inside a <label> with its item's text, so it has an accessible name.
  md.use(pluginOf(taskLists), { enabled: false, label: true });
  math?.(md);
  md.use(headingAnchors);

  /** A source newline inside a paragraph: a <br> for notes, a space (CommonMark, GitHub READMEs) for documents. */
  md.renderer.rules.softbreak = (_tokens, _idx, options, env) =>
    (env as LineBreakEnv).softBreaksAsSpaces ? '\n' : options.xhtmlOut ? '<br />\n' : '<br>\n';

  // Wide tables scroll inside their own box instead of widening the page on phones.
  md.renderer.rules.table_open = () => '<div class="table-wrap"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';

  const defaultFence =
    md.renderer.rules.fence ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const language = token?.info.trim().split(/\s+/)[0]?.toLowerCase();
    if (token && language === 'mermaid') {
      (env as RenderEnv).hasMermaid = true;
      // The source stays visible (escaped) until the diagram is drawn, and if drawing fails. It is not put
      // in an attribute: DOMPurify drops attribute values containing "-->", which every flowchart has.
      return `<div class="mermaid-block"><pre><code>${md.utils.escapeHtml(token.content)}</code></pre></div>\n`;
    }
    return defaultFence(tokens, idx, options, env, self);
  };
}

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

import katex from 'katex';
import 'katex/dist/katex.min.css';
import type { MarkdownIt } from 'markdown-it';
import markdownItKatex from '@vscode/markdown-it-katex';
import taskLists from 'markdown-it-task-lists';
import { highlightCode } from './highlight';
import { createMarkdownRenderer } from './renderer';
import { headingAnchors, type RenderEnv, type TocEntry } from './toc';

/**
 * The full preset of pastes (GFM tables and task lists, highlighted code, KaTeX math, Mermaid
 * placeholders, heading anchors). It is heavy, so pages load this module on demand; the footer uses
 * the small preset (basic-preset.ts). Both share the base and the sanitiser of renderer.ts.
 * KaTeX runs with `trust: false`, so \href cannot carry a script URL.
 */
const renderer = createMarkdownRenderer({ highlight: highlightCode, inPageLinksStay: true, extend: extendFull });

/**
 * Both plugins are CommonJS; depending on the bundler's interop the default import is the function
 * itself or `{ default: function }` (the Markdown KaTeX plugin is compiled TypeScript with __esModule).
 */
function pluginOf<T>(module: T): T {
  const inner = (module as { default?: T }).default;
  return typeof module === 'function' ? module : (inner ?? module);
}

interface LineBreakEnv extends RenderEnv {
  softBreaksAsSpaces?: boolean;
}

function extendFull(md: MarkdownIt): void {
  // Each checkbox inside a <label> with its item's text, so it has an accessible name.
  md.use(pluginOf(taskLists), { enabled: false, label: true });
  md.use(pluginOf(markdownItKatex), { katex, throwOnError: false, enableFencedBlocks: true });
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

/** Renders Markdown to sanitised HTML with its table of contents. */
export function renderMarkdownDocument(source: string, { flavour = 'note' }: RenderOptions = {}): RenderedMarkdown {
  const env: LineBreakEnv = { softBreaksAsSpaces: flavour === 'document' };
  const html = renderer.render(source, env);
  return { html, toc: env.toc ?? [], hasMermaid: env.hasMermaid === true };
}

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no typings; every program compiling this file (web, server, contract) needs the declaration
/// <reference path="../types/markdown-it-task-lists.d.ts" />
import type { MarkdownIt } from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import { pluginOf } from './base.js';
import { headingAnchors, type RenderEnv } from './toc.js';

/**
 * The rules of documents (pastes, shared READMEs): GFM task lists, heading anchors, Mermaid placeholders, tables
 * that scroll, soft breaks by flavour. The web app's two presets use them (full-preset.ts adds highlighted code and
 * KaTeX math, light-preset.ts does not), and the server's first view of an open paste (issue 30).
 */
export interface LineBreakEnv extends RenderEnv {
  softBreaksAsSpaces?: boolean;
}

export function extendDocument(md: MarkdownIt, math?: (md: MarkdownIt) => void): void {
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

import katex from 'katex';
import 'katex/dist/katex.min.css';
import markdownItKatex from '@vscode/markdown-it-katex';
import { createDocumentRenderer, pluginOf } from './document-rules';
import { highlightCode } from './highlight';

export type { RenderedMarkdown, RenderOptions } from './document-rules';

/**
 * The full preset of pastes (GFM tables and task lists, highlighted code, KaTeX math, Mermaid
 * placeholders, heading anchors). It is heavy, so pages load this module on demand, and only for a source that
 * needs it (document-rules.ts needsFullPreset; light-preset.ts otherwise); the footer uses the small preset
 * (basic-preset.ts). All share the base and the sanitiser of renderer.ts.
 * KaTeX runs with `trust: false`, so \href cannot carry a script URL.
 */
export const renderMarkdownDocument = createDocumentRenderer({
  highlight: highlightCode,
  math: (md) => md.use(pluginOf(markdownItKatex), { katex, throwOnError: false, enableFencedBlocks: true }),
});

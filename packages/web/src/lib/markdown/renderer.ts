import type { MarkdownIt } from 'markdown-it';
import { createMarkdownIt, type MarkdownPreset } from '@driftbox/contract/markdown/base';
import { sanitizeHtml } from './sanitize';

export type { MarkdownPreset };

export interface MarkdownRenderer {
  /** The preset's markdown-it instance, for rules that need its helpers (escapeHtml). */
  readonly md: MarkdownIt;
  /** Sanitised HTML, safe for innerHTML; `env` collects what the preset's rules report. */
  render(source: string, env?: Record<string, unknown>): string;
}

/** The one Markdown renderer: the shared base, the preset's extras, then the shared sanitiser. */
export function createMarkdownRenderer(preset: MarkdownPreset): MarkdownRenderer {
  const md = createMarkdownIt(preset);
  return { md, render: (source, env = {}) => sanitizeHtml(md.render(source, env)) };
}

import MarkdownItConstructor from 'markdown-it';
import type { MarkdownIt, RendererRule } from 'markdown-it';
import { sanitizeHtml } from './sanitize';

/**
 * What one use of Markdown needs beyond the shared base. The base is the same for every preset:
 * raw HTML off (`html: false`, so `<script>` arrives as text), bare URLs linked, Enter is a line
 * break, links checked by markdown-it's validateLink, and the output through the one sanitiser.
 */
export interface MarkdownPreset {
  /** Highlights a fenced block; '' tells markdown-it to escape the code itself. */
  highlight?: (code: string, language: string) => string;
  /** Links to `#…` stay in the tab (a document's own table of contents); otherwise every link opens a new tab. */
  inPageLinksStay: boolean;
  /** Plugins and rules of the preset, run once on its markdown-it instance. */
  extend?: (md: MarkdownIt) => void;
}

export interface MarkdownRenderer {
  /** The preset's markdown-it instance, for rules that need its helpers (escapeHtml). */
  readonly md: MarkdownIt;
  /** Sanitised HTML, safe for innerHTML; `env` collects what the preset's rules report. */
  render(source: string, env?: Record<string, unknown>): string;
}

/** Links that leave the page open in a new tab without handing it the opener. */
function openLinksInNewTab(md: MarkdownIt, inPageLinksStay: boolean): void {
  const defaultLinkOpen: RendererRule =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  const linkOpen: RendererRule = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const inPage = String(token?.attrGet('href') ?? '').startsWith('#');
    if (!(inPageLinksStay && inPage)) {
      token?.attrSet('target', '_blank');
      token?.attrSet('rel', 'noopener noreferrer');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  md.renderer.rules.link_open = linkOpen;
}

/** The one Markdown renderer: the shared base, the preset's extras, then the shared sanitiser. */
export function createMarkdownRenderer(preset: MarkdownPreset): MarkdownRenderer {
  const md = new MarkdownItConstructor({
    html: false,
    linkify: true,
    // Notes and announcements are chat-like, where Enter means a new line.
    breaks: true,
    typographer: false,
    highlight: preset.highlight ?? null,
  });
  preset.extend?.(md);
  openLinksInNewTab(md, preset.inPageLinksStay);
  return { md, render: (source, env = {}) => sanitizeHtml(md.render(source, env)) };
}

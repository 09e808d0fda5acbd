import MarkdownItConstructor from 'markdown-it';
import type { MarkdownIt, RendererRule } from 'markdown-it';

/**
 * The one Markdown base of the app and the server (the server renders an open paste's first view with it, issue
 * 30): raw HTML off (`html: false`, so `<script>` arrives as text), bare URLs linked, Enter is a line break, links
 * checked by markdown-it's validateLink. Its output is not yet safe for a page: the web app passes it through
 * DOMPurify (web lib/markdown/sanitize.ts), the server through its allow-list (server markdown/allow-list.ts).
 */
export interface MarkdownPreset {
  /** Highlights a fenced block; '' tells markdown-it to escape the code itself. */
  highlight?: (code: string, language: string) => string;
  /** Links to `#…` stay in the tab (a document's own table of contents); otherwise every link opens a new tab. */
  inPageLinksStay: boolean;
  /** Plugins and rules of the preset, run once on its markdown-it instance. */
  extend?: (md: MarkdownIt) => void;
}

/**
 * Markdown plugins are CommonJS; depending on the bundler's interop the default import is the function
 * itself or `{ default: function }` (the Markdown KaTeX plugin is compiled TypeScript with __esModule).
 */
export function pluginOf<T>(module: T): T {
  const inner = (module as { default?: T }).default;
  return typeof module === 'function' ? module : (inner ?? module);
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

/** A markdown-it instance with the shared base and the preset's extras (unsanitised output). */
export function createMarkdownIt(preset: MarkdownPreset): MarkdownIt {
  const Constructor = pluginOf(MarkdownItConstructor);
  const md = new Constructor({
    html: false,
    linkify: true,
    // Notes and announcements are chat-like, where Enter means a new line.
    breaks: true,
    typographer: false,
    highlight: preset.highlight ?? null,
  });
  preset.extend?.(md);
  openLinksInNewTab(md, preset.inPageLinksStay);
  return md;
}

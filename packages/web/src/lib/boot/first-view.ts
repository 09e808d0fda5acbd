import { sourceTag } from '@driftbox/contract/markdown/source';
import type { TocEntry } from '@driftbox/contract/markdown/toc';

/**
 * The server's first view of the page (an open paste's escaped text or light Markdown, server middleware/first-view.ts), kept from
 * index.html when the app starts, so the page can go on showing it while it loads its own version instead of a
 * skeleton between two texts (issue 30). Taken once: a later page never shows it.
 */
let kept: { path: string; html: string } | undefined;

export function keepFirstView(root: HTMLElement): void {
  const html = root.querySelector('[data-first-view]')?.outerHTML;
  kept = html ? { path: window.location.pathname, html } : undefined;
}

/** The kept markup while still on the page it was made for; undefined elsewhere or once the page has drawn its own. */
export function firstViewHtml(): string | undefined {
  return kept && kept.path === window.location.pathname ? kept.html : undefined;
}

/** Whether this page's first view holds Markdown the server rendered (an open paste without code or math). */
export function firstViewRendersMarkdown(): boolean {
  return firstViewHtml()?.includes('data-first-view-markdown=') === true;
}

export function forgetFirstView(): void {
  kept = undefined;
}

/** A document of the server's first view: its sanitised HTML (server first-view-markdown.ts) and outline. */
export interface FirstViewDocument {
  source: string;
  html: string;
  toc: TocEntry[];
}

/**
 * The Markdown the server rendered for this page's first view, when it was rendered from exactly `source` (the
 * tag the server put on it): the paste page shows it as is, without fetching a renderer (issue 30).
 */
export function firstViewDocument(source: string): FirstViewDocument | undefined {
  const html = firstViewHtml();
  if (!html) return undefined;
  // An inert template: the markup is parsed, nothing in it runs or loads.
  const template = document.createElement('template');
  template.innerHTML = html;
  const body = template.content.querySelector<HTMLElement>('[data-first-view-markdown]');
  if (!body || body.dataset.firstViewMarkdown !== sourceTag(source)) return undefined;
  try {
    const toc: unknown = JSON.parse(body.dataset.toc ?? '[]');
    return Array.isArray(toc) ? { source, html: body.innerHTML, toc: toc as TocEntry[] } : undefined;
  } catch {
    return undefined;
  }
}

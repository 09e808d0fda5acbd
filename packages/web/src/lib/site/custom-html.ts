import { useEffect } from 'react';

/** Where the admin's raw HTML goes: `site_custom_head` into <head>, `site_custom_body` at the end of <body>. */
export type CustomHtmlTarget = 'head' | 'body';

/** Marks every node this module added, so a changed setting replaces exactly those and nothing else. */
export const CUSTOM_HTML_ATTRIBUTE = 'data-site-custom';

/** The HTML currently applied per target: applying the same text again is a no-op (no flicker, no duplicates). */
const applied = new Map<CustomHtmlTarget, string>();

function parentOf(target: CustomHtmlTarget): HTMLElement {
  return target === 'head' ? document.head : document.body;
}

function removeApplied(target: CustomHtmlTarget): void {
  for (const node of document.querySelectorAll(`[${CUSTOM_HTML_ATTRIBUTE}="${target}"]`)) node.remove();
}

/**
 * Top-level nodes of `html`, each an element carrying the marker. In <body>, stray text is kept in a
 * span so it can be found again; in <head> only elements mean anything. Parsed with a <template>, so
 * nothing loads or runs while parsing; the app's Content-Security-Policy (script-src 'self') blocks
 * inline and third-party scripts on insertion too — by design, and not worked around here.
 */
function markedNodes(target: CustomHtmlTarget, html: string): Element[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const nodes: Element[] = [];
  for (const node of [...template.content.childNodes]) {
    if (node instanceof Element) {
      nodes.push(node);
    } else if (target === 'body' && node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
      const span = document.createElement('span');
      span.append(node);
      nodes.push(span);
    }
  }
  for (const node of nodes) node.setAttribute(CUSTOM_HTML_ATTRIBUTE, target);
  return nodes;
}

/**
 * Puts the admin's custom HTML into the page once; a different `html` replaces what an earlier call
 * added, an empty one removes it. The setting is admin-written raw HTML (catalogue `rawHtml`), so it
 * is deliberately not sanitised.
 */
export function applyCustomHtml(target: CustomHtmlTarget, html: string): void {
  const present = document.querySelector(`[${CUSTOM_HTML_ATTRIBUTE}="${target}"]`) !== null;
  if (applied.get(target) === html && (present || html.trim() === '')) return;
  removeApplied(target);
  applied.set(target, html);
  if (html.trim() === '') return;
  parentOf(target).append(...markedNodes(target, html));
}

/** Keeps the page's custom head and body HTML in step with the site settings. */
export function useCustomHtml(head: string, body: string): void {
  useEffect(() => applyCustomHtml('head', head), [head]);
  useEffect(() => applyCustomHtml('body', body), [body]);
}

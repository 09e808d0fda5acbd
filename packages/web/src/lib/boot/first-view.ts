/**
 * The server's first view of the page (an open paste's escaped text, server middleware/first-view.ts), kept from
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

export function forgetFirstView(): void {
  kept = undefined;
}

/**
 * The app starts after the first frame (issue 30). Evaluating its module graph takes about a third of a second on a
 * slow phone, and each link to the first page's chunks costs the main thread a few milliseconds: run any earlier,
 * they held back the first paint of index.html's skeleton (or of the server's first view of a paste) by 0.3–0.5 s
 * under 4× CPU throttling (a Chromium trace, `npm run bench` web). The code itself is fetched and compiled during
 * the parse all the same (the build's modulepreload links, route-preloads.ts). Kept free of imports: this module is
 * the entry's only code, so nothing else is evaluated before that frame.
 */

/** At the latest after this long, even if no frame came (a browser that holds frames back from a visible page). */
export const FIRST_FRAME_WAIT_MS = 1000;

/** Runs `run` once, in a task after the next frame; at once in a hidden tab, where no frame comes. */
export function afterFirstFrame(run: () => void): void {
  if (document.visibilityState === 'hidden') {
    run();
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, FIRST_FRAME_WAIT_MS);
}

/**
 * Links the first page's chunks (modulepreload) and styles that index.html's start-up script chose for this URL and
 * language (`__driftboxEarly.files`, filled at build time by route-preloads.ts). Nothing when that script did not run.
 */
export function linkFirstPageFiles(files: readonly string[] = window.__driftboxEarly?.files ?? []): void {
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.appendChild(link);
  }
}

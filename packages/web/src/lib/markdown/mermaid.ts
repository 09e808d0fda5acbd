import type MermaidModule from 'mermaid';
import { sanitizeSvg } from './sanitize';

type Mermaid = typeof MermaidModule;

let loading: Promise<Mermaid> | undefined;

/** Mermaid is ~1 MB of code: it is fetched only the first time a document actually has a diagram. */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then((module) => module.default);
  return loading;
}

let counter = 0;

/**
 * Draws every `.mermaid-block` under `root` from the source in its <code>, which is kept in
 * `data-mermaid-source` (set from script, so no sanitiser sees it) for redrawing when the theme flips. `securityLevel: 'strict'`
 * escapes labels and disables click handlers; the SVG is sanitised again before it is inserted.
 * A block whose source does not parse keeps showing the source, marked as failed.
 * `isCancelled` lets the caller drop results that arrive after the document changed.
 */
export async function renderMermaidBlocks(root: HTMLElement, dark: boolean, isCancelled: () => boolean): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>('.mermaid-block')];
  if (blocks.length === 0) return;
  const mermaid = await loadMermaid();
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    // Mermaid otherwise appends an error diagram to <body> when a source does not parse.
    suppressErrorRendering: true,
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
  });
  for (const block of blocks) {
    if (isCancelled()) return;
    const source = block.dataset.mermaidSource ?? block.querySelector('code')?.textContent ?? '';
    block.dataset.mermaidSource = source;
    counter += 1;
    try {
      const { svg } = await mermaid.render(`mermaid-diagram-${counter}`, source);
      if (isCancelled()) return;
      block.innerHTML = sanitizeSvg(svg);
      block.dataset.state = 'rendered';
    } catch {
      block.dataset.state = 'failed';
    }
  }
}

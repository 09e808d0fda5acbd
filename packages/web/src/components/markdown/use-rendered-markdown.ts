import { useEffect, useMemo, useState } from 'react';
import type * as RenderModuleNamespace from '../../lib/markdown/full-preset';
import type { RenderedMarkdown, RenderOptions } from '../../lib/markdown/full-preset';

type RenderModule = typeof RenderModuleNamespace;

let loaded: RenderModule | undefined;
let loading: Promise<RenderModule> | undefined;

/** The renderer (markdown-it, KaTeX, highlight.js) is its own chunk, fetched once on first use. */
export function loadRenderer(): Promise<RenderModule> {
  loading ??= import('../../lib/markdown/full-preset').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

export type RenderState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; result: RenderedMarkdown };

/** Renders `source` once the renderer chunk is there; re-renders only when the source (or flavour) changes. */
export function useRenderedMarkdown(source: string, flavour: RenderOptions['flavour'] = 'note'): RenderState {
  const [module, setModule] = useState<RenderModule | undefined>(loaded);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (module) return;
    let active = true;
    loadRenderer().then(
      (m) => active && setModule(() => m),
      () => {
        // A failed chunk load (offline, new deploy) may succeed later: allow a fresh attempt.
        loading = undefined;
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [module]);

  return useMemo<RenderState>(() => {
    if (module) return { status: 'ready', result: module.renderMarkdownDocument(source, { flavour }) };
    return failed ? { status: 'error' } : { status: 'loading' };
  }, [module, failed, source, flavour]);
}

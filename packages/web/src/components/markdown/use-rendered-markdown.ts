import { useEffect, useMemo, useState } from 'react';
import type * as RenderModuleNamespace from '../../lib/markdown/full-preset';
import type { RenderedMarkdown, RenderOptions } from '../../lib/markdown/full-preset';
import { firstViewDocument } from '../../lib/boot/first-view';
import { needsFullPreset } from '../../lib/markdown/needs-full-preset';

type RenderModule = Pick<typeof RenderModuleNamespace, 'renderMarkdownDocument'>;
type Kind = 'full' | 'light';

const loaded: Partial<Record<Kind, RenderModule>> = {};
const loading: Partial<Record<Kind, Promise<RenderModule>>> = {};
const importers: Record<Kind, () => Promise<RenderModule>> = {
  full: () => import('../../lib/markdown/full-preset'),
  light: () => import('../../lib/markdown/light-preset'),
};

function loadKind(kind: Kind): Promise<RenderModule> {
  loading[kind] ??= importers[kind]().then(
    (module) => (loaded[kind] = module),
    (error: unknown) => {
      // A failed chunk load (offline, new deploy) may succeed later: allow a fresh attempt.
      loading[kind] = undefined;
      throw error;
    },
  );
  return loading[kind];
}

/**
 * The renderers are their own chunks, fetched once on first use: the full one (markdown-it, KaTeX, highlight.js)
 * only for a source with fenced code or `$`, the light one otherwise (issue 30). Without a source: both (tests).
 */
export async function loadRenderer(source?: string): Promise<void> {
  if (source === undefined) await Promise.all([loadKind('full'), loadKind('light')]);
  else await loadKind(needsFullPreset(source) ? 'full' : 'light');
}

export type RenderState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; result: RenderedMarkdown };

/**
 * Renders `source` once its renderer chunk is there; re-renders only when the source (or flavour) changes. A note
 * the server rendered for the page's first view (an open paste, issue 30) is shown as the server made it, with no
 * renderer fetched, for as long as the source is the same.
 */
export function useRenderedMarkdown(source: string, flavour: RenderOptions['flavour'] = 'note'): RenderState {
  const kind: Kind = needsFullPreset(source) ? 'full' : 'light';
  const [server] = useState(() => (flavour === 'note' ? firstViewDocument(source) : undefined));
  const fromServer = server?.source === source && flavour === 'note' ? server : undefined;
  // The full renderer renders every source: once loaded, it serves light sources too (an editor's preview).
  const ready = loaded.full ?? loaded[kind];
  const [, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (ready || fromServer) return;
    let active = true;
    loadKind(kind).then(
      () => active && setVersion((v) => v + 1),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [ready, fromServer, kind]);

  return useMemo<RenderState>(() => {
    if (fromServer)
      return { status: 'ready', result: { html: fromServer.html, toc: fromServer.toc, hasMermaid: false } };
    if (ready) return { status: 'ready', result: ready.renderMarkdownDocument(source, { flavour }) };
    return failed ? { status: 'error' } : { status: 'loading' };
  }, [fromServer, ready, failed, source, flavour]);
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { RenderedMarkdown } from '../../lib/markdown/full-preset';
import { useTheme } from '../../lib/site/theme';
import { Skeleton } from '../ui/spinner';
import type { RenderState } from './use-rendered-markdown';

/**
 * Shows rendered Markdown. The HTML was sanitised by the renderer; Mermaid diagrams are drawn after
 * mount (and redrawn when the theme flips), loading Mermaid only when the document has one.
 */
export function MarkdownBody({ rendered, className }: { rendered: RenderedMarkdown; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { resolved } = useTheme();

  useEffect(() => {
    const root = ref.current;
    if (!root || !rendered.hasMermaid) return;
    let cancelled = false;
    void import('../../lib/markdown/mermaid').then(({ renderMermaidBlocks }) =>
      renderMermaidBlocks(root, resolved === 'dark', () => cancelled),
    );
    return () => {
      cancelled = true;
    };
  }, [rendered, resolved]);

  return (
    <div ref={ref} className={cn('markdown-body', className)} dangerouslySetInnerHTML={{ __html: rendered.html }} />
  );
}

/** Loading, failure or the document: what every Markdown surface shows for a RenderState. */
export function MarkdownState({ state, className }: { state: RenderState; className?: string }) {
  const { t } = useTranslation();
  if (state.status === 'ready') return <MarkdownBody rendered={state.result} className={className} />;
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-sm text-danger-text">
        {t('paste.render.loadError')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

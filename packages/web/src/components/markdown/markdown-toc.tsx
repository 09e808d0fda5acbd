import { ChevronDown, ListTree } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { TocEntry } from '../../lib/markdown/toc';
import { focusRing } from '../ui/button';

function TocList({ entries, onNavigate }: { entries: readonly TocEntry[]; onNavigate?: () => void }) {
  const top = Math.min(...entries.map((entry) => entry.level));

  function go(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const target = document.getElementById(id);
    if (!target) return;
    // Scroll without letting the router or the browser treat the hash as a navigation.
    event.preventDefault();
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
    onNavigate?.();
  }

  return (
    <ol className="flex flex-col gap-0.5 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} style={{ paddingLeft: `${(entry.level - top) * 0.75}rem` }}>
          <a
            href={`#${entry.id}`}
            onClick={(event) => go(event, entry.id)}
            className={cn(
              'block truncate rounded-md px-2 py-1 text-fg-muted transition-colors hover:bg-subtle hover:text-fg',
              entry.level === top && 'font-medium text-fg',
              focusRing,
              'focus-visible:ring-offset-0',
            )}
            title={entry.text}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Desktop: a sticky outline beside the document. */
export function TocAside({ entries, className }: { entries: readonly TocEntry[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('paste.view.toc')}
      className={cn('sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto', className)}
    >
      <p className="mb-2 flex items-center gap-2 px-2 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        <ListTree className="size-3.5" aria-hidden="true" />
        {t('paste.view.toc')}
      </p>
      <TocList entries={entries} />
    </nav>
  );
}

/** Phones: the outline folds away above the document. */
export function TocDisclosure({ entries, className }: { entries: readonly TocEntry[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <details className={cn('group rounded-xl border border-line bg-surface', className)}>
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-medium text-fg',
          focusRing,
          'focus-visible:ring-offset-0',
        )}
      >
        <span className="flex items-center gap-2">
          <ListTree className="size-4 text-fg-subtle" aria-hidden="true" />
          {t('paste.view.toc')}
        </span>
        <ChevronDown className="size-4 text-fg-subtle transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <nav aria-label={t('paste.view.toc')} className="border-t border-line px-2 py-2">
        <TocList
          entries={entries}
          onNavigate={() => {
            // Close after a jump so the heading is not hidden under the open list.
            document.activeElement?.closest('details')?.removeAttribute('open');
          }}
        />
      </nav>
    </details>
  );
}

import { MoreVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import type { ExplorerEntry } from '../lib/fs-entry';
import { EntryIcon } from './entry-icon';

export interface EntryItemProps {
  entry: ExplorerEntry;
  id: string;
  selected: boolean;
  focused: boolean;
}

/** Size and date of an entry, or the kind of folder. */
export function useEntryDetails(entry: ExplorerEntry): { size: string; modified: string } {
  const { t, i18n } = useTranslation();
  const size = entry.isMount
    ? t('explorer.kind.mount')
    : entry.isDirectory
      ? t('explorer.kind.folder')
      : entry.size === null
        ? ''
        : formatBytes(entry.size);
  return { size, modified: entry.modified ? formatDateTime(entry.modified, i18n.language) : '' };
}

/**
 * The "more" mark of a row or tile: the context menu for one thumb or click (no long press needed); the
 * listbox handles the click. Not a button: an option holds no control of its own (axe nested-interactive),
 * and keyboard and screen-reader users open the same menu with the menu key or Shift+F10.
 */
export function MoreButton({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-menu-button
      aria-hidden="true"
      title={t('explorer.menu.moreFor', { name })}
      className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-fg-subtle hover:bg-muted hover:text-fg"
    >
      <MoreVertical className="size-4" aria-hidden="true" />
    </span>
  );
}

/** One row of the list view. */
export function EntryRow({ entry, id, selected, focused }: EntryItemProps) {
  const { size, modified } = useEntryDetails(entry);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-path={entry.path}
      className={cn(
        'grid h-full cursor-default grid-cols-[minmax(0,1fr)_auto] items-center gap-3 border-b border-line/60 px-2 select-none sm:grid-cols-[minmax(0,1fr)_7rem_11rem_auto] sm:px-3',
        selected ? 'bg-accent-soft' : 'hover:bg-subtle',
        focused && 'ring-2 ring-accent ring-inset',
      )}
    >
      <div className="flex min-w-0 items-center gap-3">
        <EntryIcon entry={entry} className="size-8" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-fg" title={entry.name}>
            {entry.name}
          </p>
          <p className="truncate text-xs text-fg-subtle sm:hidden">{[size, modified].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
      <span className="hidden text-right text-sm text-fg-muted tabular-nums sm:block">{size}</span>
      <span className="hidden truncate text-sm text-fg-muted sm:block">{modified}</span>
      <MoreButton name={entry.name} />
    </div>
  );
}

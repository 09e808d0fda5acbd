import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useThumbnailUrl } from '../api/file-link';
import type { ExplorerEntry } from '../lib/fs-entry';
import { EntryIcon } from './entry-icon';
import { MoreButton, useEntryDetails, type EntryItemProps } from './entry-row';

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|bmp|ico)$/i;

/** Images a browser shows by itself (SVG excluded: served as a download, never inline). */
export function isThumbnailable(entry: ExplorerEntry): boolean {
  if (entry.isDirectory) return false;
  if (entry.mimetype) return entry.mimetype.startsWith('image/') && !entry.mimetype.includes('svg');
  return IMAGE_NAME.test(entry.name);
}

/** The image of a gallery tile: its link is asked for only once the tile is on screen (virtualised). */
function Thumbnail({ entry }: { entry: ExplorerEntry }) {
  const { data } = useThumbnailUrl(entry.path, true);
  if (!data) return <div className="size-full animate-pulse bg-subtle" aria-hidden="true" />;
  return <img src={data} alt="" loading="lazy" decoding="async" draggable={false} className="size-full object-cover" />;
}

/** One tile of the grid (icon) or gallery (thumbnail) view. */
export function EntryTile({ entry, id, selected, focused, gallery }: EntryItemProps & { gallery: boolean }) {
  const { t } = useTranslation();
  const { size } = useEntryDetails(entry);
  const thumb = gallery && isThumbnailable(entry);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-path={entry.path}
      className={cn(
        'relative flex h-full cursor-default flex-col overflow-hidden rounded-xl border select-none',
        selected ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-subtle',
        focused && 'ring-2 ring-accent',
      )}
    >
      <div className={cn('flex min-h-0 flex-1 items-center justify-center', thumb && 'bg-subtle')}>
        {thumb ? (
          <Thumbnail entry={entry} />
        ) : (
          <EntryIcon entry={entry} className={gallery ? 'size-16 rounded-2xl' : 'size-12 rounded-xl'} />
        )}
      </div>
      <div className="flex items-center gap-1 border-t border-line/60 py-1 pr-0.5 pl-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs font-medium text-fg" title={entry.name}>
            {entry.name}
          </p>
          <p className="truncate text-[11px] text-fg-subtle">{size || t('explorer.kind.file')}</p>
        </div>
        <MoreButton name={entry.name} />
      </div>
    </div>
  );
}

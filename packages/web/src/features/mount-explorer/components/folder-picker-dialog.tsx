import { ArrowUp, ChevronRight, Folder, HardDrive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/field';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { errorMessage } from '../../../lib/api/error-message';
import { useFolder } from '../api/list-folder';
import { toExplorerEntry, type ExplorerEntry } from '../lib/fs-entry';
import { parentPath } from '../lib/paths';

export interface FolderPickerDialogProps {
  mode: 'copy' | 'move';
  entries: readonly ExplorerEntry[];
  startPath: string;
  onPick(folder: string): Promise<unknown>;
  onClose(): void;
}

/** True when `folder` is one of `entries` or inside one (a folder cannot go into itself). */
function insideSources(folder: string, entries: readonly ExplorerEntry[]): boolean {
  return entries.some((entry) => entry.isDirectory && (folder === entry.path || folder.startsWith(entry.path + '/')));
}

/** Copy and move: a folder picker over the same listing as the explorer (its cache included). */
export function FolderPickerDialog({ mode, entries, startPath, onPick, onClose }: FolderPickerDialogProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState(startPath);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const folder = useFolder(path);
  const pages = folder.data?.pages ?? [];
  const virtual = pages[0]?.isVirtual ?? true;
  const folders = pages.flatMap((page) => page.items.filter((item) => item.isDirectory).map(toExplorerEntry));
  const blocked = insideSources(path, entries);
  const sameFolder = mode === 'move' && entries.every((entry) => parentPath(entry.path) === path);

  const pick = async () => {
    setPending(true);
    setError(undefined);
    try {
      await onPick(path);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, { preferServer: true }));
    } finally {
      setPending(false);
    }
  };

  const hint = virtual ? t('explorer.picker.notInMount') : blocked ? t('explorer.picker.intoItself') : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t(`explorer.picker.${mode}Title`, { count: entries.length })}
      description={t('explorer.picker.description')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void pick()} loading={pending} disabled={virtual || blocked || sameFolder}>
            {t(`explorer.picker.${mode}Here`)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormError message={error} />
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('explorer.up')}
            disabled={path === '/'}
            onClick={() => setPath(parentPath(path))}
          >
            <ArrowUp />
          </Button>
          <p
            className="min-w-0 flex-1 truncate rounded-md bg-subtle px-2 py-1.5 font-mono text-xs text-fg"
            title={path}
          >
            {path}
          </p>
        </div>
        {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
        <div className="max-h-72 min-h-40 overflow-y-auto rounded-lg border border-line">
          {folder.isPending ? (
            <ListSkeleton rows={3} />
          ) : folder.isError ? (
            <FormError message={errorMessage(folder.error)} />
          ) : folders.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-fg-muted">{t('explorer.picker.noFolders')}</p>
          ) : (
            <ul aria-label={t('explorer.picker.folders')}>
              {folders.map((entry) => (
                <li key={entry.path}>
                  <button
                    type="button"
                    onClick={() => setPath(entry.path)}
                    className="flex h-10 w-full items-center gap-2 px-3 text-left text-sm text-fg hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-none"
                  >
                    {entry.isMount ? (
                      <HardDrive className="size-4 text-accent-text" aria-hidden="true" />
                    ) : (
                      <Folder className="size-4 text-warning-text" aria-hidden="true" />
                    )}
                    <span className="min-w-0 flex-1 truncate">{entry.name}</span>
                    <ChevronRight className="size-4 text-fg-subtle" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {folder.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              className="m-1"
              loading={folder.isFetchingNextPage}
              onClick={() => void folder.fetchNextPage()}
            >
              {t('explorer.picker.more')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

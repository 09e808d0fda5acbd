import { FilePlus, FolderPlus, Upload } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatBytes } from '../../../lib/format';
import { useFsUploadItems, useFsUploadRefresh, useLeaveWhileUploading } from '../hooks/use-fs-uploads';
import { createFsResumeStore } from '../lib/fs-resume-store';
import { fsUploads, isFinished, type FsUploadStore } from '../lib/fs-upload-store';
import { pickedFromInput } from '../lib/picked-files';
import { FsConflictDialog } from './fs-conflict-dialog';
import { FsUploadRow } from './fs-upload-row';

export interface FsUploadPanelProps {
  currentPath: string;
  /** A file or folder arrived (its folder's listing is refreshed already). */
  onUploaded: () => void;
  /** The queue to show (the app's one by default; tests bring their own). */
  store?: FsUploadStore;
}

/**
 * Uploading into the folder shown: pickers for files and for a whole folder, the queue with each file's
 * progress and the overall progress, cancel and retry, and the question when a name is taken.
 */
export function FsUploadPanel({ currentPath, onUploaded, store = fsUploads }: FsUploadPanelProps) {
  const { t } = useTranslation();
  const items = useFsUploadItems(store);
  useFsUploadRefresh(store, onUploaded);
  const filesInput = useRef<HTMLInputElement>(null);
  const unfinished = useMemo(() => createFsResumeStore().inFolder(currentPath), [currentPath]);
  const counted = items.filter((i) => i.status !== 'skipped' && i.status !== 'cancelled');
  const total = counted.reduce((sum, i) => sum + i.file.size, 0);
  const loaded = counted.reduce((sum, i) => sum + (i.status === 'done' ? i.file.size : i.loaded), 0);
  const percent = total > 0 ? Math.round((loaded / total) * 100) : counted.every(isFinished) ? 100 : 0;
  const done = items.filter((i) => i.status === 'done').length;
  const running = items.some((i) => !isFinished(i));
  useLeaveWhileUploading(running);
  const conflicts = items.filter((i) => i.status === 'conflict');
  const [conflict] = conflicts;

  const pick = (list: FileList | null) => {
    if (list && list.length > 0) store.add(currentPath, pickedFromInput(list));
  };

  return (
    <section aria-label={t('fsUpload.title')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" icon={<FilePlus />} onClick={() => filesInput.current?.click()}>
          {t('fsUpload.pickFiles')}
        </Button>
        <label className="inline-flex">
          <input
            type="file"
            className="sr-only"
            // The folder picker: every file of the chosen folder, with its path inside it.
            ref={(input) => input?.setAttribute('webkitdirectory', '')}
            onChange={(event) => {
              pick(event.target.files);
              event.target.value = '';
            }}
            aria-label={t('fsUpload.pickFolder')}
          />
          <span className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-fg hover:bg-subtle [&_svg]:size-4">
            <FolderPlus aria-hidden="true" />
            {t('fsUpload.pickFolder')}
          </span>
        </label>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            pick(event.target.files);
            event.target.value = '';
          }}
        />
        <p className="text-xs text-fg-subtle">{t('fsUpload.dropHint')}</p>
      </div>
      {unfinished.length > 0 ? (
        <p className="rounded-lg bg-warning-soft px-3 py-2 text-xs text-warning-text">
          {t('fsUpload.unfinished', {
            count: unfinished.length,
            names: unfinished.map((u) => u.fileName).join(', '),
          })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-line px-4 py-6 text-center">
          <Upload className="size-5 text-fg-subtle" aria-hidden="true" />
          <p className="text-sm text-fg-muted">{t('fsUpload.empty')}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
            <span className="font-medium text-fg">
              {t('fsUpload.overall', { done, total: counted.length, size: formatBytes(total) })}
            </span>
            <span>{percent}%</span>
            <span className="ml-auto flex gap-1">
              {running ? (
                <Button size="sm" variant="ghost" onClick={() => store.cancelAll()}>
                  {t('fsUpload.cancelAll')}
                </Button>
              ) : null}
              {items.some(isFinished) ? (
                <Button size="sm" variant="ghost" onClick={() => store.clearFinished()}>
                  {t('fsUpload.clearFinished')}
                </Button>
              ) : null}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t('fsUpload.overallProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-subtle"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
          <ul className="max-h-72 divide-y divide-line overflow-y-auto rounded-xl border border-line bg-surface">
            {items.map((item) => (
              <FsUploadRow key={item.id} item={item} store={store} base={currentPath} />
            ))}
          </ul>
        </div>
      )}
      {conflict ? (
        <FsConflictDialog
          key={conflict.id}
          item={conflict}
          others={conflicts.length - 1}
          onChoose={(choice, forAll) => store.resolveConflict(conflict.id, choice, forAll)}
        />
      ) : null}
    </section>
  );
}

import { ChevronLeft, ChevronRight, Download, Pencil } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api/error-message';
import { onBackend } from '../../../lib/api/backend';
import { formatBytes } from '../../../lib/format';
import { previewKindOf } from '../../../lib/shares/file-preview';
import { FS_EDIT_MAX_BYTES, useFsFile } from '../api/fs-file';
import { usePreviewSettings } from '../api/get-preview-settings';
import type { FsEntryRef } from '../lib/fs-entry';
import { FsPreviewBody } from './fs-preview-body';
import { FsTextEditor } from './fs-text-editor';

export interface FsPreviewProps {
  entry: FsEntryRef;
  /** The folder's entries in the order shown; its files are what ←/→ step through. */
  siblings: FsEntryRef[];
  onNavigate: (entry: FsEntryRef) => void;
  onClose: () => void;
  /** The caller may write here (MOUNT_UPLOAD): text files get an edit button. */
  canEdit: boolean;
}

/** Whether a key press belongs to a field, the editor or a player rather than to the preview's ←/→. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName) ||
    target.closest('.cm-editor') !== null
  );
}

/**
 * A mount file previewed over the folder (the file page's viewers by type), with previous/next by
 * buttons and the arrow keys, its download, and in-place editing of text files for writers.
 */
export function FsPreview({ entry, siblings, onNavigate, onClose, canEdit }: FsPreviewProps) {
  const { t } = useTranslation();
  const settings = usePreviewSettings();
  const file = useFsFile(entry.path);
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [askClose, setAskClose] = useState(false);
  const files = useMemo(() => siblings.filter((s) => !s.isDirectory), [siblings]);
  const index = files.findIndex((s) => s.path === entry.path);
  const previous = index > 0 ? files[index - 1] : undefined;
  const next = index >= 0 && index < files.length - 1 ? files[index + 1] : undefined;

  // Another file: out of the editor (its text belongs to the last one).
  useEffect(() => {
    setEditing(false);
    setDirty(false);
  }, [entry.path]);

  useEffect(() => {
    if (editing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!to) return;
      event.preventDefault();
      onNavigate(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editing, previous, next, onNavigate]);

  const close = useCallback(() => (editing && dirty ? setAskClose(true) : onClose()), [editing, dirty, onClose]);
  const mimetype = file.data?.contentType ?? entry.mimetype ?? '';
  const kind = previewKindOf(entry.name, mimetype, settings);
  const size = file.data?.size ?? entry.size;
  const editable =
    canEdit && (kind === 'text' || kind === 'markdown') && (size ?? 0) <= FS_EDIT_MAX_BYTES && !!file.data;
  const download = file.data?.download_url ? (
    <a href={onBackend(file.data.download_url)} download={entry.name} className={buttonClasses('outline', 'sm')}>
      <Download aria-hidden="true" />
      {t('fsPreview.download')}
    </a>
  ) : null;

  const position =
    index >= 0 && files.length > 1 ? t('fsPreview.position', { index: index + 1, total: files.length }) : null;
  const description = [position, size !== null && size !== undefined ? formatBytes(size) : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={entry.name}
      description={description || undefined}
      size="xl"
      bare
    >
      {editing ? null : (
        <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-line px-3 py-2 sm:px-5">
          <Button
            size="sm"
            variant="ghost"
            icon={<ChevronLeft />}
            disabled={!previous}
            onClick={() => previous && onNavigate(previous)}
            aria-label={t('fsPreview.previous')}
            title={t('fsPreview.previousHint')}
          >
            <span className="hidden sm:inline">{t('fsPreview.previous')}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<ChevronRight />}
            disabled={!next}
            onClick={() => next && onNavigate(next)}
            aria-label={t('fsPreview.next')}
            title={t('fsPreview.nextHint')}
          >
            <span className="hidden sm:inline">{t('fsPreview.next')}</span>
          </Button>
          <div className="ml-auto flex items-center gap-2">
            {editable ? (
              <Button size="sm" variant="outline" icon={<Pencil />} onClick={() => setEditing(true)}>
                {t('fsPreview.edit.start')}
              </Button>
            ) : null}
            {download}
          </div>
        </div>
      )}
      <div
        className="min-h-0 flex-1 overflow-y-auto rounded-b-2xl"
        aria-label={t('fileView.preview.label')}
        role="region"
      >
        {file.isPending ? (
          <div className="p-5" role="status" aria-label={t('common.loading')}>
            <Skeleton className="h-[50dvh] w-full" />
          </div>
        ) : file.isError ? (
          <ErrorState
            title={t('fsPreview.loadFailed')}
            message={errorMessage(file.error)}
            onRetry={() => void file.refetch()}
            retrying={file.isFetching}
          />
        ) : editing ? (
          <FsTextEditor
            path={entry.path}
            name={entry.name}
            markdown={kind === 'markdown'}
            onDone={() => setEditing(false)}
            onDirty={setDirty}
          />
        ) : (
          <FsPreviewBody key={entry.path} file={file.data} kind={kind} settings={settings} downloadAction={download} />
        )}
      </div>
      <ConfirmDialog
        open={askClose}
        onOpenChange={setAskClose}
        title={t('common.discardChanges.title')}
        description={t('common.discardChanges.description')}
        confirmLabel={t('common.discardChanges.confirm')}
        cancelLabel={t('common.discardChanges.keep')}
        onConfirm={onClose}
      />
    </Dialog>
  );
}

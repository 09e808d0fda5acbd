import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBytes } from '../../../components/file/text-preview';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { formatBytes } from '../../../lib/format';
import { FS_EDIT_MAX_BYTES, fsDownloadRequest, useUpdateFsFile } from '../api/fs-file';

/** UTF-8 text, or null for bytes that are not (saving them back as UTF-8 would change the file). */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The text file in the app's editor (CodeMirror; Markdown with its preview), saved whole through
 * `POST /api/fs/update` (10 MB at most, checked before sending). Leaving with changes asks first.
 */
export function FsTextEditor({
  path,
  name,
  markdown,
  onDone,
  onDirty,
}: {
  path: string;
  name: string;
  markdown: boolean;
  onDone: () => void;
  /** Hears whether there are unsaved changes (the preview asks before closing then). */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const request = fsDownloadRequest(path);
  const source = useQuery({
    queryKey: ['fs-preview', 'edit', path],
    queryFn: async () => utf8((await fetchBytes(request.url, request.headers)).bytes),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (source.isPending)
    return (
      <div className="flex flex-col gap-2 p-5" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  if (source.isError)
    return (
      <ErrorState
        title={t('fsPreview.edit.loadFailed')}
        message={errorMessage(source.error)}
        onRetry={() => void source.refetch()}
        retrying={source.isFetching}
      />
    );
  if (source.data === null)
    return (
      <ErrorState title={t('fsPreview.edit.notUtf8')} message={t('fsPreview.edit.notUtf8Hint')} className="py-10" />
    );
  return (
    <EditForm path={path} name={name} markdown={markdown} initial={source.data} onDone={onDone} onDirty={onDirty} />
  );
}

function EditForm({
  path,
  name,
  markdown,
  initial,
  onDone,
  onDirty,
}: {
  path: string;
  name: string;
  markdown: boolean;
  initial: string;
  onDone: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [asking, setAsking] = useState(false);
  const update = useUpdateFsFile();
  const bytes = new TextEncoder().encode(value).length;
  const tooLarge = bytes > FS_EDIT_MAX_BYTES;
  const dirty = value !== initial;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function save() {
    if (tooLarge) return;
    try {
      await update.mutateAsync({ path, content: value });
      toast.success(t('fsPreview.edit.saved', { name }));
      onDone();
    } catch {
      // Shown below the editor from the mutation's error.
    }
  }

  return (
    <div className="flex flex-col gap-3 p-3 sm:p-4">
      <MarkdownEditor
        value={value}
        onChange={setValue}
        defaultMode={markdown ? 'split' : 'write'}
        plain={!markdown}
        heightClass="h-[55dvh] min-h-64"
      />
      {tooLarge ? (
        <p role="alert" className="text-sm text-danger-text">
          {t('fsPreview.edit.tooLarge', { size: formatBytes(FS_EDIT_MAX_BYTES) })}
        </p>
      ) : null}
      {update.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {t('fsPreview.edit.saveFailed', { reason: errorMessage(update.error) })}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <span className="text-xs text-fg-subtle sm:mr-auto">{formatBytes(bytes)}</span>
        <Button variant="outline" onClick={() => (dirty ? setAsking(true) : onDone())} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={update.isPending} disabled={!dirty || tooLarge}>
          {t('fsPreview.edit.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('common.discardChanges.title')}
        description={t('common.discardChanges.description')}
        confirmLabel={t('common.discardChanges.confirm')}
        cancelLabel={t('common.discardChanges.keep')}
        onConfirm={onDone}
      />
    </div>
  );
}

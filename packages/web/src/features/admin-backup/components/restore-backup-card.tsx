import type { BackupFileShape, BackupRestoreMode } from '@driftbox/contract';
import { Eye, FileJson, RotateCcw } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, FormError } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { usePreviewBackup } from '../api/preview-backup';
import { useRestoreBackup } from '../api/restore-backup';
import { parseBackupFile } from '../lib/backup-file';
import { PreviewTable } from './preview-table';
import { RadioOption } from './radio-option';

/** Choose a file, preview its per-table changes, then restore it in overwrite or merge mode. */
export function RestoreBackupCard() {
  const { t } = useTranslation();
  const preview = usePreviewBackup();
  const restore = useRestoreBackup();
  const [backup, setBackup] = useState<BackupFileShape>();
  const [fileName, setFileName] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string>();
  const [mode, setMode] = useState<BackupRestoreMode>('overwrite');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [legacySecret, setLegacySecret] = useState('');
  const secret = legacySecret.trim() ? { legacy_encryption_secret: legacySecret } : {};

  function reset() {
    preview.reset();
    setError(undefined);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    reset();
    setBackup(undefined);
    setFileError(undefined);
    const file = event.target.files?.[0];
    setFileName(file?.name);
    if (!file) return;
    const parsed = parseBackupFile(await file.text());
    if (parsed.ok) setBackup(parsed.backup);
    else setFileError(t(`backup.errors.${parsed.error}`));
  }

  function onModeChange(next: BackupRestoreMode) {
    reset();
    setMode(next);
  }

  function onPreview() {
    if (!backup) {
      setFileError(t('backup.errors.noFile'));
      return;
    }
    setError(undefined);
    preview.mutate(
      { mode, backup, ...secret },
      { onError: (cause) => setError(`${t('backup.errors.preview')}: ${errorMessage(cause)}`) },
    );
  }

  function onRestore() {
    if (!backup) return;
    restore.mutate(
      { mode, backup, ...secret },
      {
        onSuccess: (result) => {
          toast.success(
            t('backup.restore.done', { records: result.total_records, tables: result.restored_tables.length }),
          );
          preview.reset();
        },
        onError: (cause) => setError(`${t('backup.errors.restore')}: ${errorMessage(cause)}`),
        onSettled: () => setConfirming(false),
      },
    );
  }

  const tableCount = Object.keys(preview.data?.tables ?? {}).length;
  return (
    <Card>
      <CardHeader title={t('backup.restore.title')} description={t('backup.restore.description')} />
      <CardBody className="flex flex-col gap-4">
        <Field label={t('backup.restore.file')} hint={t('backup.restore.fileHint')} error={fileError}>
          {(control) => (
            // The native input stays the focusable, labelled control (Enter or Space opens the picker)
            // but is visually hidden: its "Choose File / No file chosen" is in the browser's language.
            // The button look and the file name beside it follow the page's language.
            <div className="flex min-w-0 items-center gap-3">
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept=".json,application/json"
                className="peer sr-only"
                onChange={(event) => void onFile(event)}
              />
              <span
                aria-hidden="true"
                className={buttonClasses(
                  'outline',
                  'md',
                  'shrink-0 cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-canvas',
                )}
                onClick={() => fileInput.current?.click()}
              >
                <FileJson />
                {t('backup.restore.chooseFile')}
              </span>
              <span
                aria-hidden="true"
                className={fileName ? 'min-w-0 truncate text-sm text-fg' : 'text-sm text-fg-muted'}
                title={fileName}
              >
                {fileName ?? t('backup.restore.noFile')}
              </span>
            </div>
          )}
        </Field>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">{t('backup.restore.mode')}</legend>
          <RadioOption
            name="restore-mode"
            value="overwrite"
            checked={mode === 'overwrite'}
            onSelect={onModeChange}
            label={t('backup.restore.overwrite')}
            hint={t('backup.restore.overwriteHint')}
          />
          <RadioOption
            name="restore-mode"
            value="merge"
            checked={mode === 'merge'}
            onSelect={onModeChange}
            label={t('backup.restore.merge')}
            hint={t('backup.restore.mergeHint')}
          />
        </fieldset>
        <Field label={t('backup.restore.legacySecret')} hint={t('backup.restore.legacySecretHint')}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              value={legacySecret}
              onChange={(event) => {
                reset();
                setLegacySecret(event.target.value);
              }}
            />
          )}
        </Field>
        <div>
          <Button variant="outline" icon={<Eye />} loading={preview.isPending} onClick={onPreview}>
            {preview.isPending ? t('backup.restore.previewing') : t('backup.restore.preview')}
          </Button>
        </div>
        {preview.data ? (
          <>
            <p className="text-xs text-fg-muted">
              {t('backup.restore.fileInfo', {
                type: preview.data.backup_info.backup_type,
                date: preview.data.backup_info.timestamp,
                version: preview.data.backup_info.version,
              })}
            </p>
            <PreviewTable preview={preview.data} />
            <div>
              <Button
                variant={mode === 'overwrite' ? 'danger' : 'primary'}
                icon={<RotateCcw />}
                onClick={() => setConfirming(true)}
                disabled={tableCount === 0}
              >
                {t('backup.restore.submit')}
              </Button>
            </div>
          </>
        ) : null}
        <FormError message={error} />
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('backup.restore.confirmTitle')}
        description={t(mode === 'overwrite' ? 'backup.restore.confirmOverwrite' : 'backup.restore.confirmMerge', {
          count: tableCount,
        })}
        confirmLabel={t('backup.restore.submit')}
        onConfirm={onRestore}
        pending={restore.isPending}
        destructive={mode === 'overwrite'}
      />
    </Card>
  );
}

import type { FileDeleteMode, FileDto } from '@driftbox/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

export type DeletableFile = Pick<FileDto, 'filename' | 'storage_type'>;

export interface DeleteFilesDialogProps {
  /** The shares to delete; null closes the dialog. */
  files: DeletableFile[] | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (mode: FileDeleteMode) => void;
}

interface ModeOption {
  value: FileDeleteMode;
  title: string;
  description: string;
  disabled?: boolean;
}

/**
 * What "share only" leaves behind, by where the files are. An object left in an S3 bucket can still be
 * reached with the provider's tools; one left in a LOCAL folder cannot: Driftbox has no explorer or
 * WebDAV onto LOCAL storage, so it would sit on the server's disk unseen. Hence the mode is not offered
 * when every file is LOCAL, and a mixed selection is told how many would be stranded.
 */
function recordOnlyOption(files: DeletableFile[], t: TFunction): ModeOption {
  const base = { value: 'record_only' as const, title: t('files.delete.recordOnly') };
  const local = files.filter((file) => file.storage_type === 'LOCAL').length;
  if (local > 0 && local === files.length)
    return { ...base, description: t('files.delete.recordOnlyLocal', { count: local }), disabled: true };
  if (local > 0) return { ...base, description: t('files.delete.recordOnlyHintMixed', { count: local }) };
  if (files.every((file) => file.storage_type === 'S3'))
    return { ...base, description: t('files.delete.recordOnlyHintS3') };
  return { ...base, description: t('files.delete.recordOnlyHint') };
}

/** Asks before deleting, and what to delete: the share and its stored file, or the share only. */
export function DeleteFilesDialog({ files, pending, onCancel, onConfirm }: DeleteFilesDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<FileDeleteMode>('both');
  const count = files?.length ?? 0;
  const options: ModeOption[] = [
    { value: 'both', title: t('files.delete.both'), description: t('files.delete.bothHint') },
    recordOnlyOption(files ?? [], t),
  ];
  return (
    <Dialog
      open={files !== null}
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={
        count === 1
          ? t('files.delete.title', { name: files?.[0]?.filename ?? '' })
          : t('files.delete.bulkTitle', { count })
      }
      description={t('files.delete.description', { count })}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={pending} onClick={() => onConfirm(mode)}>
            {t('files.delete.confirm')}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('files.delete.mode')}</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex gap-3 rounded-xl border px-4 py-3 transition-colors',
              option.disabled ? 'cursor-not-allowed border-line bg-subtle/60' : 'cursor-pointer',
              !option.disabled &&
                (mode === option.value ? 'border-accent bg-accent-soft/50' : 'border-line hover:bg-subtle'),
            )}
          >
            <input
              type="radio"
              name="delete-mode"
              value={option.value}
              checked={mode === option.value}
              disabled={option.disabled}
              onChange={() => setMode(option.value)}
              className="mt-1 accent-[var(--color-accent)]"
            />
            <span className="min-w-0">
              <span className={cn('block text-sm font-medium', option.disabled ? 'text-fg-muted' : 'text-fg')}>
                {option.title}
              </span>
              <span className="mt-0.5 block text-xs text-fg-muted">{option.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

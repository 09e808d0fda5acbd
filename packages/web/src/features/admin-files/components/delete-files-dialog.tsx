import type { FileDeleteMode } from '@driftbox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

export interface DeleteFilesDialogProps {
  /** The names of the shares to delete; null closes the dialog. */
  names: string[] | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (mode: FileDeleteMode) => void;
}

/** Asks before deleting, and what to delete: the share and its stored file, or the share only. */
export function DeleteFilesDialog({ names, pending, onCancel, onConfirm }: DeleteFilesDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<FileDeleteMode>('both');
  const count = names?.length ?? 0;
  const options: { value: FileDeleteMode; title: string; description: string }[] = [
    { value: 'both', title: t('files.delete.both'), description: t('files.delete.bothHint') },
    { value: 'record_only', title: t('files.delete.recordOnly'), description: t('files.delete.recordOnlyHint') },
  ];
  return (
    <Dialog
      open={names !== null}
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={count === 1 ? t('files.delete.title', { name: names?.[0] ?? '' }) : t('files.delete.bulkTitle', { count })}
      description={t('files.delete.description')}
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
              'flex cursor-pointer gap-3 rounded-xl border px-4 py-3 transition-colors',
              mode === option.value ? 'border-accent bg-accent-soft/50' : 'border-line hover:bg-subtle',
            )}
          >
            <input type="radio" name="delete-mode" value={option.value} checked={mode === option.value} onChange={() => setMode(option.value)} className="mt-1 accent-[var(--color-accent)]" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-fg">{option.title}</span>
              <span className="mt-0.5 block text-xs text-fg-muted">{option.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

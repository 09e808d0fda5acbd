import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { ExplorerEntry } from '../lib/fs-entry';

/** Names listed before "and N more". */
const LISTED = 8;

export interface DeleteDialogProps {
  entries: readonly ExplorerEntry[];
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Says exactly what goes: the names, and that folders go with everything inside them. */
export function DeleteDialog({ entries, pending, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  const folders = entries.filter((entry) => entry.isDirectory).length;
  const files = entries.length - folders;
  const rest = entries.length - LISTED;
  const parts = [
    files ? t('explorer.delete.files', { count: files }) : '',
    folders ? t('explorer.delete.folders', { count: folders }) : '',
  ];
  const summary = parts.filter(Boolean).join(t('explorer.delete.and'));
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        entries.length === 1
          ? t('explorer.delete.titleOne', { name: entries[0]?.name })
          : t('explorer.delete.titleMany', { count: entries.length })
      }
      description={
        <span className="flex flex-col gap-2">
          <span>{t('explorer.delete.summary', { what: summary })}</span>
          <span className="flex flex-col rounded-lg bg-subtle px-3 py-2 font-mono text-xs text-fg">
            {entries.slice(0, LISTED).map((entry) => (
              <span key={entry.path} className="truncate">
                {entry.name}
                {entry.isDirectory ? '/' : ''}
              </span>
            ))}
            {rest > 0 ? <span className="text-fg-muted">{t('explorer.delete.more', { count: rest })}</span> : null}
          </span>
          {folders > 0 ? <strong className="text-danger-text">{t('explorer.delete.folderWarning')}</strong> : null}
        </span>
      }
      confirmLabel={t('explorer.actions.delete')}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

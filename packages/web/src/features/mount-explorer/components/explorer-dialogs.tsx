import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useCopyEntries } from '../api/batch-copy';
import { useRemoveEntries } from '../api/batch-remove';
import { useMakeFolder } from '../api/mkdir';
import { useRenameEntry } from '../api/rename';
import type { ExplorerDialog } from '../hooks/use-explorer-actions';
import { joinPath, parentPath } from '../lib/paths';
import { DeleteDialog } from './delete-dialog';
import { FolderPickerDialog } from './folder-picker-dialog';
import { NameDialog } from './name-dialog';
import { ShareDialog } from './share-dialog';

export interface ExplorerDialogsProps {
  dialog: ExplorerDialog;
  currentPath: string;
  onClose(): void;
  /** Entries were removed, moved away or renamed: the selection (and the keyboard) goes to what is there now. */
  onChanged(change: { removed: string[]; renamedTo?: string }): void;
}

/** The open dialog of the explorer, with the call it makes. */
export function ExplorerDialogs({ dialog, currentPath, onClose, onChanged }: ExplorerDialogsProps) {
  const { t } = useTranslation();
  const makeFolder = useMakeFolder(currentPath);
  const rename = useRenameEntry();
  const copy = useCopyEntries();
  const remove = useRemoveEntries();
  if (!dialog) return null;

  switch (dialog.kind) {
    case 'newFolder':
      return (
        <NameDialog
          title={t('explorer.newFolder.title')}
          description={t('explorer.newFolder.description', { path: currentPath })}
          submitLabel={t('explorer.newFolder.submit')}
          initial=""
          onSubmit={async (name) => {
            await makeFolder.mutateAsync(joinPath(currentPath, name));
            toast.success(t('explorer.newFolder.done', { name }));
          }}
          onClose={onClose}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title={t('explorer.rename.title')}
          description={t('explorer.rename.description', { name: dialog.entry.name })}
          submitLabel={t('explorer.rename.submit')}
          initial={dialog.entry.name}
          onSubmit={async (name) => {
            if (name === dialog.entry.name) return;
            const newPath = joinPath(parentPath(dialog.entry.path), name);
            await rename.mutateAsync({ oldPath: dialog.entry.path, newPath });
            onChanged({ removed: [dialog.entry.path], renamedTo: newPath });
            toast.success(t('explorer.rename.done', { name }));
          }}
          onClose={onClose}
        />
      );
    case 'copy':
    case 'move':
      return (
        <FolderPickerDialog
          mode={dialog.kind}
          entries={dialog.entries}
          startPath={currentPath}
          onPick={async (folder) => {
            if (dialog.kind === 'copy') {
              await copy.mutateAsync(
                dialog.entries.map((entry) => ({ sourcePath: entry.path, targetPath: joinPath(folder, entry.name) })),
              );
              toast.success(t('explorer.copy.queued', { count: dialog.entries.length }));
              return;
            }
            for (const entry of dialog.entries) {
              await rename.mutateAsync({ oldPath: entry.path, newPath: joinPath(folder, entry.name) });
            }
            onChanged({ removed: dialog.entries.map((entry) => entry.path) });
            toast.success(t('explorer.move.done', { count: dialog.entries.length }));
          }}
          onClose={onClose}
        />
      );
    case 'delete':
      return (
        <DeleteDialog
          entries={dialog.entries}
          pending={remove.isPending}
          onClose={onClose}
          onConfirm={() =>
            remove.mutate(
              dialog.entries.map((entry) => entry.path),
              {
                onSuccess: (answer) => {
                  onChanged({ removed: dialog.entries.map((entry) => entry.path) });
                  onClose();
                  if (answer.failed.length > 0)
                    toast.error(t('explorer.delete.failed', { count: answer.failed.length }), {
                      description: answer.failed.map((f) => `${f.path}: ${f.error}`).join('\n'),
                    });
                  else if (answer.jobId) toast.success(t('explorer.delete.queued'));
                  else toast.success(t('explorer.delete.done', { count: dialog.entries.length }));
                },
                onError: (error) => toast.error(errorMessage(error, { preferServer: true })),
              },
            )
          }
        />
      );
    case 'share':
      return <ShareDialog entry={dialog.entry} onClose={onClose} />;
  }
}

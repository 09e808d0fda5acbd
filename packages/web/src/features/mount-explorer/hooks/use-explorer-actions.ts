import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { copyText } from '../../../lib/clipboard';
import { startDownload } from '../../../lib/download';
import { getFileLink } from '../api/file-link';
import { addToBasket } from '../lib/explorer-bridge';
import type { ExplorerAction } from '../lib/actions';
import type { ExplorerEntry } from '../lib/fs-entry';

export type ExplorerDialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; entry: ExplorerEntry }
  | { kind: 'copy' | 'move' | 'delete'; entries: ExplorerEntry[] }
  | { kind: 'share'; entry: ExplorerEntry }
  | null;

/** Starts a download of a mount file through a short-lived link (no credential in the URL). */
async function download(entry: ExplorerEntry): Promise<void> {
  startDownload(await getFileLink(entry.path, true), entry.name);
}

/** Runs a menu or toolbar action: the quick ones at once, the others through their dialog. */
export function useExplorerActions(handlers: { open(entry: ExplorerEntry): void; pickFiles(): void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<ExplorerDialog>(null);

  const run = (action: ExplorerAction, entries: ExplorerEntry[]) => {
    const [first] = entries;
    const fail = (error: unknown) => toast.error(errorMessage(error, { preferServer: true }));
    switch (action) {
      case 'open':
        if (first) handlers.open(first);
        return;
      case 'download':
        if (first) download(first).catch(fail);
        return;
      case 'copyLink':
        if (first)
          getFileLink(first.path)
            .then(copyText)
            .then(() => toast.success(t('explorer.linkCopied')), fail);
        return;
      case 'basket':
        addToBasket(entries);
        toast.success(t('explorer.addedToBasket', { count: entries.length }));
        return;
      case 'upload':
        handlers.pickFiles();
        return;
      case 'newFolder':
        setDialog({ kind: 'newFolder' });
        return;
      case 'rename':
      case 'share':
        if (first) setDialog({ kind: action, entry: first });
        return;
      case 'copy':
      case 'move':
      case 'delete':
        if (entries.length) setDialog({ kind: action, entries });
        return;
    }
  };
  return { dialog, setDialog, run };
}

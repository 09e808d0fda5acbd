import { parentPath } from '@driftbox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CloudUpload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { SideSheet } from '../../components/ui/side-sheet';
import { BasketButton } from '../../features/fs-basket/components/basket-button';
import { FsSearchBox } from '../../features/fs-search/components/fs-search-box';
import { TaskManagerButton } from '../../features/fs-tasks/components/task-manager-button';
import { FsUploadPanel } from '../../features/fs-upload/components/fs-upload-panel';
import { useFsUploadItems } from '../../features/fs-upload/hooks/use-fs-uploads';
import { isFinished } from '../../features/fs-upload/lib/fs-upload-store';
import type { ExplorerToolbarExtrasProps } from '../../features/mount-explorer/components/explorer-toolbar-extras';
import { explorerUrl, revealState } from '../../features/mount-explorer/lib/paths';

/** The upload queue of the current folder in a side sheet, with its running count on the button (a cloud: the
 * toolbar's Upload button beside it has the plain arrow, and on phones both are icons alone). */
function UploadsButton({ currentPath }: { currentPath: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const running = useFsUploadItems().filter((item) => !isFinished(item)).length;
  // The queue opens by itself when an upload starts (a drop, a paste or the explorer's picker).
  const wasRunning = useRef(running > 0);
  useEffect(() => {
    if (running > 0 && !wasRunning.current) setOpen(true);
    wasRunning.current = running > 0;
  }, [running]);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="h-9"
        icon={<CloudUpload />}
        title={t('explorer.uploads')}
        onClick={() => setOpen(true)}
      >
        <span className="sr-only sm:not-sr-only">{t('explorer.uploads')}</span>
        {running > 0 ? <span className="tabular-nums">({running})</span> : null}
      </Button>
      <SideSheet open={open} onOpenChange={setOpen} title={t('explorer.uploads')}>
        <FsUploadPanel
          currentPath={currentPath}
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: ['fs', 'list'] })}
        />
      </SideSheet>
    </>
  );
}

/** What the app puts in the explorer's toolbar: search, the upload queue, the basket and the task manager. */
export function ExplorerToolbarExtras({ currentPath, mountPath }: ExplorerToolbarExtrasProps) {
  const navigate = useNavigate();
  return (
    <>
      <FsSearchBox
        currentPath={currentPath}
        mountPath={mountPath}
        onOpen={(path, isDirectory) =>
          navigate(
            isDirectory
              ? explorerUrl(path)
              : explorerUrl(parentPath(path), `?preview=${encodeURIComponent(path.slice(path.lastIndexOf('/') + 1))}`),
          )
        }
        onReveal={(folder, name) => navigate(explorerUrl(folder), { state: revealState(folder, name) })}
      />
      {mountPath ? <UploadsButton currentPath={currentPath} /> : null}
      <BasketButton />
      <TaskManagerButton />
    </>
  );
}

import { Permission, hasPermission } from '@driftbox/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-store';
import { basketStore } from '../../features/fs-basket/lib/basket-store';
import { FsPreview } from '../../features/fs-preview/components/fs-preview';
import { useFsDropZone } from '../../features/fs-upload/hooks/use-fs-drop-zone';
import { startFsUpload } from '../../features/fs-upload/lib/fs-upload-store';
import { ExplorerToolbarSlot } from '../../features/mount-explorer/components/explorer-toolbar-extras';
import { MountExplorerPage } from '../../features/mount-explorer/components/mount-explorer-page';
import { setExplorerBridge } from '../../features/mount-explorer/lib/explorer-bridge';
import type { FsEntryRef } from '../../features/mount-explorer/lib/fs-entry';
import { pathFromSplat } from '../../features/mount-explorer/lib/paths';
import { ExplorerToolbarExtras } from './explorer-toolbar-extras';

/**
 * The mount explorer as the app shows it: the explorer page with the other fs features wired in (features
 * never import each other) — search, uploads, basket and tasks in its toolbar; drops, pastes and the
 * picker into the upload queue; "add to basket"; the preview over the folder, kept in `?preview=`.
 */
export function MountExplorerShell() {
  const { t } = useTranslation();
  const auth = useAuth();
  const path = pathFromSplat(useParams()['*']);
  const [, setSearch] = useSearchParams();
  const [preview, setPreview] = useState<{ entry: FsEntryRef; siblings: FsEntryRef[] } | null>(null);
  const bits = auth.kind === 'admin' ? ~0 : auth.kind === 'apikey' ? auth.permissions : 0;
  const canUpload = hasPermission(bits, Permission.MOUNT_UPLOAD);
  const drop = useFsDropZone(path, { enabled: canUpload && path !== '/' });

  useEffect(
    () =>
      setExplorerBridge({
        openPreview: (entry, siblings) => setPreview({ entry, siblings }),
        startUpload: (folder, files) => startFsUpload(folder, files),
        addToBasket: (entries) =>
          void basketStore.add(
            entries.map((entry) => ({
              path: entry.path,
              name: entry.name,
              size: entry.size,
              isDirectory: entry.isDirectory,
            })),
          ),
      }),
    [],
  );
  // A folder change closes the preview (its `?preview=` belonged to the folder left).
  useEffect(() => setPreview(null), [path]);

  const showPreview = (name: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (name === null) next.delete('preview');
        else next.set('preview', name);
        return next;
      },
      { replace: true },
    );

  return (
    <ExplorerToolbarSlot.Provider value={ExplorerToolbarExtras}>
      <div {...drop.dropZoneProps} className="relative flex flex-1 flex-col">
        <MountExplorerPage />
        {drop.dragging ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-2 z-40 flex items-center justify-center rounded-2xl border-2 border-dashed border-accent bg-accent/10 text-base font-medium text-fg"
          >
            {t('explorer.dropHere')}
          </div>
        ) : null}
      </div>
      {preview ? (
        <FsPreview
          entry={preview.entry}
          siblings={preview.siblings}
          canEdit={canUpload}
          onNavigate={(entry) => {
            setPreview({ entry, siblings: preview.siblings });
            showPreview(entry.name);
          }}
          onClose={() => {
            setPreview(null);
            showPreview(null);
          }}
        />
      ) : null}
    </ExplorerToolbarSlot.Provider>
  );
}

import { Permission, hasPermission } from '@driftbox/contract';
import { Download, File, Folder, ShoppingBasket, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { SideSheet } from '../../../components/ui/side-sheet';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useAuth } from '../../../lib/auth/auth-store';
import { formatBytes } from '../../../lib/format';
import { useDownloadArchive } from '../api/download-archive';
import { useBasket, type BasketEntry } from '../lib/basket-store';

/** Reading files (MOUNT_VIEW) is what the archive needs; admins always may. */
function useCanUseBasket(): boolean {
  const auth = useAuth();
  return auth.kind === 'admin' || (auth.kind === 'apikey' && hasPermission(auth.permissions, Permission.MOUNT_VIEW));
}

/** The ZIP's name: the day it was made, so two downloads of a day stay apart only by the browser's suffix. */
function archiveName(): string {
  return `driftbox-basket-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * The file basket (spec §2): files collected across folders, with their count and total size; a panel to
 * remove some, download them all as one ZIP built by the server (`POST /api/fs/archive`), or clear it.
 */
export function BasketButton() {
  const { t } = useTranslation();
  const allowed = useCanUseBasket();
  const basket = useBasket();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const count = basket.items.length;
  const label = t('fsBasket.buttonLabel', { count, size: formatBytes(basket.totalSize) });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        icon={<ShoppingBasket />}
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
      >
        <span className="hidden sm:inline">{t('fsBasket.title')}</span>
        {count > 0 ? (
          <span
            className="min-w-5 rounded-full bg-accent px-1.5 text-xs leading-5 text-accent-fg tabular-nums"
            aria-hidden="true"
          >
            {count}
          </span>
        ) : null}
      </Button>
      <BasketPanel open={open} onOpenChange={setOpen} />
    </>
  );
}

function BasketPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const download = useDownloadArchive();
  const [confirmClear, setConfirmClear] = useState(false);
  const count = basket.items.length;

  function downloadAll() {
    download.mutate(
      { paths: basket.items.map((i) => i.path), name: archiveName() },
      {
        onSuccess: () => toast.success(t('fsBasket.toast.downloaded', { count })),
        onError: (error) =>
          toast.error(t('fsBasket.errors.download'), { description: errorMessage(error, { preferServer: true }) }),
      },
    );
  }

  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('fsBasket.title')}
      description={t('fsBasket.summary', { count, size: formatBytes(basket.totalSize) })}
      footer={
        <>
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 />}
            disabled={count === 0}
            onClick={() => setConfirmClear(true)}
          >
            {t('fsBasket.actions.clear')}
          </Button>
          <Button
            size="sm"
            icon={<Download />}
            disabled={count === 0}
            loading={download.isPending}
            onClick={downloadAll}
          >
            {download.isPending ? t('fsBasket.actions.preparing') : t('fsBasket.actions.download')}
          </Button>
        </>
      }
    >
      {count === 0 ? (
        <EmptyState
          icon={ShoppingBasket}
          title={t('fsBasket.empty.title')}
          description={t('fsBasket.empty.description')}
        />
      ) : (
        <ul
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
          aria-label={t('fsBasket.title')}
        >
          {basket.items.map((item) => (
            <BasketRow key={item.path} item={item} onRemove={() => basket.remove(item.path)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('fsBasket.confirm.clearTitle')}
        description={t('fsBasket.confirm.clearDescription', { count })}
        confirmLabel={t('fsBasket.confirm.clear')}
        onConfirm={() => {
          basket.clear();
          setConfirmClear(false);
        }}
        destructive
      />
    </SideSheet>
  );
}

function BasketRow({ item, onRemove }: { item: BasketEntry; onRemove: () => void }) {
  const { t } = useTranslation();
  const Icon = item.isDirectory ? Folder : File;
  return (
    <li className="flex items-center gap-3 px-3 py-2" aria-label={item.name}>
      <Icon className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-fg" title={item.path}>
          {item.name}
        </p>
        <p className="truncate font-mono text-xs text-fg-subtle" title={item.directory}>
          {item.directory}
        </p>
      </div>
      <span className="shrink-0 text-xs text-fg-muted tabular-nums">
        {item.size === null ? (item.isDirectory ? t('fsBasket.folder') : '—') : formatBytes(item.size)}
      </span>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onRemove}
        aria-label={t('fsBasket.actions.removeNamed', { name: item.name })}
        title={t('fsBasket.actions.remove')}
      >
        <X />
      </Button>
    </li>
  );
}

import { FolderOpen, HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import type { ExplorerAction } from '../lib/actions';

/** A folder with nothing in it, or a root with no mount yet (the admin is pointed to mount management). */
export function FolderEmpty({
  root,
  admin,
  actions,
  onAction,
}: {
  root: boolean;
  admin: boolean;
  actions: readonly ExplorerAction[];
  onAction(action: ExplorerAction): void;
}) {
  const { t } = useTranslation();
  if (root)
    return (
      <EmptyState
        icon={HardDrive}
        title={t('explorer.empty.noMounts')}
        description={admin ? t('explorer.empty.noMountsAdmin') : t('explorer.empty.noMountsKey')}
        action={
          admin ? (
            <Link to="/admin/mount-management" className={buttonClasses('outline')}>
              {t('explorer.empty.manageMounts')}
            </Link>
          ) : undefined
        }
      />
    );
  return (
    <EmptyState
      icon={FolderOpen}
      title={t('explorer.empty.folder')}
      description={actions.length ? t('explorer.empty.folderHint') : undefined}
      action={
        actions.includes('upload') ? (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={() => onAction('newFolder')}>
              {t('explorer.actions.newFolder')}
            </Button>
            <Button onClick={() => onAction('upload')}>{t('explorer.actions.upload')}</Button>
          </div>
        ) : undefined
      }
    />
  );
}

/** A listing that failed: outside the base path, missing, or a server or network failure. */
export function FolderError({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : 0;
  const title =
    status === 404
      ? t('explorer.error.notFound')
      : status === 403
        ? t('explorer.error.forbidden')
        : t('explorer.error.load');
  return (
    <ErrorState
      title={title}
      message={errorMessage(error, { preferServer: true })}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

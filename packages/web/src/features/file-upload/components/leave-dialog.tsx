import type { Blocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * Asks before an in-app link leaves the page with `count` files uploading or waiting: leaving pauses
 * them (a multipart upload can be resumed later) and the waiting ones do not start.
 */
export function LeaveDialog({ blocker, count }: { blocker: Blocker; count: number }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={t('upload.leave.title')}
      description={t('upload.leave.description', { count })}
      confirmLabel={t('upload.leave.confirm')}
      cancelLabel={t('upload.leave.stay')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

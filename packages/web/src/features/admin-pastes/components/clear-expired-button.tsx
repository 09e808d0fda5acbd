import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useClearExpiredPastes } from '../api/clear-expired';

/** Deletes every expired or used-up paste (a key: only its own), after asking once. */
export function ClearExpiredButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const clear = useClearExpiredPastes();

  function confirm() {
    clear.mutate(undefined, {
      onSuccess: (count) => {
        toast.success(count > 0 ? t('texts.toast.cleared', { count }) : t('texts.toast.nothingToClear'));
        setOpen(false);
      },
      onError: (error) => toast.error(t('texts.errors.clearExpired'), { description: errorMessage(error) }),
    });
  }

  return (
    <>
      <Button variant="outline" icon={<Hourglass />} onClick={() => setOpen(true)}>
        {t('texts.clearExpired')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('texts.confirm.clearTitle')}
        description={t('texts.confirm.clearDescription')}
        confirmLabel={t('texts.confirm.clear')}
        onConfirm={confirm}
        pending={clear.isPending}
      />
    </>
  );
}

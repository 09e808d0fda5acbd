import { useTranslation } from 'react-i18next';
import type { ApiKeyDto } from '@driftbox/contract';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useUpdateApiKey } from '../api/update-api-key';

/** Enables or disables a key through the update route (`is_enable`); a disabled key is refused with 401. */
export function useToggleKey() {
  const { t } = useTranslation();
  const update = useUpdateApiKey();
  function toggle(key: ApiKeyDto) {
    const enable = key.is_enable === 0;
    update.mutate(
      { id: key.id, body: { is_enable: enable ? 1 : 0 } },
      {
        onSuccess: () => toast.success(t(enable ? 'keys.toast.enabled' : 'keys.toast.disabled', { name: key.name })),
        onError: (error) => toast.error(t('keys.errors.toggle'), { description: errorMessage(error) }),
      },
    );
  }
  return { toggle, togglingId: update.isPending ? update.variables?.id : undefined };
}

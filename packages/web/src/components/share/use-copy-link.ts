import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { toast } from '../ui/toaster';

/** Copies a link and confirms it in a toast; a refused copy (no clipboard access) says so instead. */
export function useCopyLink(): (link: string, copiedMessage: string) => Promise<void> {
  const { t } = useTranslation();
  return async (link, copiedMessage) => {
    try {
      await copyText(link);
      toast.success(copiedMessage);
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };
}

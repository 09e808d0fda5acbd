import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { acceptUpdate } from '../../lib/pwa/register';
import { usePwaState } from '../../lib/pwa/pwa-store';
import { PromptCard } from './prompt-card';

/** A new worker waits (spec §2): "Reload" lets it take over and reloads 1 s later; "Later" asks again next visit. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateWaiting } = usePwaState();
  const [later, setLater] = useState(false);
  if (!updateWaiting || later) return null;
  return (
    <PromptCard
      label={t('pwa.update.title')}
      icon={<RefreshCw className="size-5" />}
      title={t('pwa.update.title')}
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={() => setLater(true)}>
            {t('pwa.update.later')}
          </Button>
          <Button size="sm" onClick={acceptUpdate}>
            {t('pwa.update.reload')}
          </Button>
        </>
      }
    >
      {t('pwa.update.description')}
    </PromptCard>
  );
}

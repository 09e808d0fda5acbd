import { RotateCw, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ShareNotice } from '../../../components/share/share-notice';
import { Button } from '../../../components/ui/button';

/** What opening the file again costs: nothing, the password again, a view, or both. */
export type ReopenCost = 'description' | 'password' | 'countsView' | 'passwordCountsView';

/**
 * The page's links have outlived their hour-long token. Opening the file again reads it anew: fresh
 * links, for a visitor of a protected share after the password, for a view-limited one at a view's cost.
 */
export function LinksExpired({
  cost,
  onReopen,
  reopening,
}: {
  cost: ReopenCost;
  onReopen: () => void;
  reopening: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ShareNotice icon={TimerOff} tone="warning" title={t('fileView.linksExpired.title')}>
      <p>{t(`fileView.linksExpired.${cost}`)}</p>
      <Button variant="outline" size="sm" className="mt-3" icon={<RotateCw />} onClick={onReopen} loading={reopening}>
        {t('fileView.linksExpired.reopen')}
      </Button>
    </ShareNotice>
  );
}

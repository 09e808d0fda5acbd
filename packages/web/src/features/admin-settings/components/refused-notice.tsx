import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSettingLabel } from '../hooks/use-setting-text';
import type { Refused } from '../hooks/use-settings-form';

/** After a partial (202) or refused (400) save: which settings the server did not take. */
export function RefusedNotice({ refused }: { refused: Refused | null }) {
  const { t } = useTranslation();
  const label = useSettingLabel();
  if (!refused) return null;
  const { keys, partial } = refused;
  return (
    <div
      role="alert"
      className="mb-5 flex gap-3 rounded-xl border border-warning-text/20 bg-warning-soft px-4 py-3 text-sm text-warning-text"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">{t('settings.refused.title', { count: keys.length })}</p>
        <p className="mt-0.5">{keys.map(label).join(t('settings.refused.separator'))}</p>
        <p className="mt-1 text-xs">{partial ? t('settings.refused.partialHint') : t('settings.refused.noneHint')}</p>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { SettingGroupId } from '@driftbox/contract';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api/error-message';
import { useSettings } from '../api/get-settings';
import { GROUP_NAMES } from '../lib/group-names';
import { SettingsForm } from './settings-form';
import { WebdavAddress } from './webdav-address';

/** /admin/settings/{global,preview,webdav,site}: one group's settings, loaded, then the generated form. */
export function SettingsPage({ group }: { group: SettingGroupId }) {
  const { t } = useTranslation();
  const settings = useSettings(group);
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={t(`settings.pages.${GROUP_NAMES[group]}.title`)}
        description={t(`settings.pages.${GROUP_NAMES[group]}.description`)}
      />
      {GROUP_NAMES[group] === 'webdav' ? <WebdavAddress /> : null}
      {settings.isPending ? (
        <LoadingCard />
      ) : settings.isError ? (
        <Card>
          <ErrorState
            title={t('settings.loadError')}
            message={errorMessage(settings.error)}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        </Card>
      ) : (
        // Keyed by group: moving between settings pages starts a fresh draft.
        <SettingsForm key={group} group={group} rows={settings.data} />
      )}
    </div>
  );
}

function LoadingCard() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-6 p-5" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-72 max-w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </Card>
  );
}

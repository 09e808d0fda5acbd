import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/share/copy-field';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { onBackend } from '../../../lib/api/backend';

/** The address WebDAV clients connect to (`<origin>/dav` of the backend), with a copy button. */
export function WebdavAddress() {
  const { t } = useTranslation();
  const address = new URL(onBackend('/dav'), window.location.origin).href;
  return (
    <Card className="mb-6">
      <CardHeader title={t('settings.webdavAddress.title')} description={t('settings.webdavAddress.description')} />
      <CardBody>
        <CopyField
          label={t('settings.webdavAddress.label')}
          value={address}
          hint={t('settings.webdavAddress.hint')}
          copyLabel={t('settings.webdavAddress.copy')}
          copiedMessage={t('settings.webdavAddress.copied')}
        />
      </CardBody>
    </Card>
  );
}

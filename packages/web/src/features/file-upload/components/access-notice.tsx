import { useTranslation } from 'react-i18next';
import { SignInNotice } from '../../../components/share/sign-in-notice';

export type UploadBlock = 'signedOut' | 'noFilePermission';

/** Spec §6: uploading needs the admin or a key with file permission; visitors are told how to get it. */
export function AccessNotice({ id, reason }: { id: string; reason: UploadBlock }) {
  const { t } = useTranslation();
  return (
    <SignInNotice
      id={id}
      title={t(`upload.access.${reason}Title`)}
      description={t(`upload.access.${reason}Description`)}
      login={t('upload.access.login')}
    />
  );
}

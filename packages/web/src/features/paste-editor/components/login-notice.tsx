import { useTranslation } from 'react-i18next';
import { SignInNotice } from '../../../components/share/sign-in-notice';

/**
 * Spec §6: creating a share needs the admin or a key with text permission. Visitors may still write
 * (the draft is kept) and are told how to get the right to share.
 */
export function LoginNotice({ id, reason }: { id: string; reason: 'signedOut' | 'noTextPermission' }) {
  const { t } = useTranslation();
  return (
    <SignInNotice
      id={id}
      title={t(`paste.create.${reason}Title`)}
      description={t(`paste.create.${reason}Description`)}
      login={t('paste.create.login')}
    />
  );
}

import { LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

/**
 * Spec §6: creating a share needs the admin or a key with text permission. Visitors may still write
 * (the draft is kept) and are told how to get the right to share.
 */
export function LoginNotice({ id, reason }: { id: string; reason: 'signedOut' | 'noTextPermission' }) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="note"
      className="flex flex-col gap-3 rounded-xl border border-warning-text/20 bg-warning-soft p-4 text-sm text-warning-text sm:flex-row sm:items-center"
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t(`paste.create.${reason}Title`)}</p>
        <p className="mt-0.5 opacity-90">{t(`paste.create.${reason}Description`)}</p>
      </div>
      <Link to="/admin" className={buttonClasses('outline', 'sm', 'self-start sm:self-center')}>
        <LogIn />
        {t('paste.create.login')}
      </Link>
    </div>
  );
}

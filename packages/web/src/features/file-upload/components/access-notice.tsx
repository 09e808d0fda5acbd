import { LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

export type UploadBlock = 'signedOut' | 'noFilePermission';

/** Spec §6: uploading needs the admin or a key with file permission; visitors are told how to get it. */
export function AccessNotice({ id, reason }: { id: string; reason: UploadBlock }) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="note"
      className="flex flex-col gap-3 rounded-xl border border-warning-text/20 bg-warning-soft p-4 text-sm text-warning-text sm:flex-row sm:items-center"
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t(`upload.access.${reason}Title`)}</p>
        <p className="mt-0.5 opacity-90">{t(`upload.access.${reason}Description`)}</p>
      </div>
      <Link to="/admin" className={buttonClasses('outline', 'sm', 'self-start sm:self-center')}>
        <LogIn />
        {t('upload.access.login')}
      </Link>
    </div>
  );
}

import { Compass, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

/** The not-found page (spec §2); unknown paths themselves redirect Home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-text">
        <Compass className="size-7" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-accent-text">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-fg">{t('notFound.title')}</h1>
      <p className="mt-2 max-w-sm text-fg-muted">{t('notFound.description')}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        <House />
        {t('notFound.home')}
      </Link>
    </div>
  );
}

import { FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

/**
 * The panel of a key that may create shares (TEXT, FILE_SHARE) but manage none (no TEXT_MANAGE nor
 * FILE_MANAGE): no management page would answer it, so it is told so instead of shown pages that fail.
 */
export function NoManagePages() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={FilePlus2}
      title={t('admin.noManagePages.title')}
      description={t('admin.noManagePages.description')}
      action={
        <Link to="/" className={buttonClasses('primary')}>
          {t('admin.noManagePages.create')}
        </Link>
      }
    />
  );
}

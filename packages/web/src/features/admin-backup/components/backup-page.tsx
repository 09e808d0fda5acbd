import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { CreateBackupCard } from './create-backup-card';
import { RestoreBackupCard } from './restore-backup-card';

/** /admin/backup: make a backup file, or restore one (spec §3 backup and restore modes). */
export function BackupPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t('backup.title')} description={t('backup.description')} />
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <CreateBackupCard />
        <RestoreBackupCard />
      </div>
    </div>
  );
}

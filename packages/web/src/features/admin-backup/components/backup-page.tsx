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
      {/* One column: the restore preview's tables (changes, settings, what is not imported and why) need the width. */}
      <div className="flex min-w-0 flex-col gap-5">
        <CreateBackupCard />
        <RestoreBackupCard />
      </div>
    </div>
  );
}

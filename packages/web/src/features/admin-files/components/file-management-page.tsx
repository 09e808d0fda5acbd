import type { FileDto } from '@driftbox/contract';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyField } from '../../../components/share/copy-field';
import { QrCode } from '../../../components/share/qr-code';
import { useCopyLink } from '../../../components/share/use-copy-link';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { fileShareUrl } from '../../../lib/shares/file-links';
import { useAuth } from '../../../lib/auth/auth-store';
import { useListSearch } from '../../../lib/hooks/list-search';
import { useFiles } from '../api/get-files';
import { FileEditDialog } from '../../../components/file/file-edit-dialog';
import { FilesPanel } from './files-panel';

/** Admin → File management: every file share (a key: its own), searched, paged, edited and deleted. */
export function FileManagementPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const search = useListSearch();
  const list = useFiles({ page: search.page, search: search.search });
  const [qr, setQr] = useState<FileDto | null>(null);
  const [editing, setEditing] = useState<FileDto | null>(null);
  const copyLink = useCopyLink();

  return (
    <div>
      <PageHeader
        title={t('files.title')}
        description={t(auth.kind === 'apikey' ? 'files.descriptionOwn' : 'files.description')}
        actions={
          <Link to="/upload" className={buttonClasses('primary')}>
            <Upload />
            {t('files.upload')}
          </Link>
        }
      />
      <FilesPanel
        list={list}
        search={search}
        actions={{
          onCopyLink: (file) => void copyLink(fileShareUrl(file.slug), t('files.toast.linkCopied')),
          onQr: setQr,
          onEdit: setEditing,
        }}
      />
      <Dialog
        open={qr !== null}
        onOpenChange={(open) => !open && setQr(null)}
        title={t('files.qr.title', { name: qr?.filename ?? '' })}
        description={t('files.qr.description')}
        size="sm"
      >
        {qr ? (
          <div className="flex flex-col gap-4">
            <QrCode
              value={fileShareUrl(qr.slug)}
              label={t('files.qr.label', { name: qr.filename })}
              size={200}
              className="self-center"
            />
            <CopyField
              label={t('files.qr.link')}
              value={fileShareUrl(qr.slug)}
              copyLabel={t('files.actions.copyLink')}
              copiedMessage={t('files.toast.linkCopied')}
            />
          </div>
        ) : null}
      </Dialog>
      <FileEditDialog file={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

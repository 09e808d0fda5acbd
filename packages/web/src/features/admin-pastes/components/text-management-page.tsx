import type { PasteListItemDto } from '@driftbox/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopyLink } from '../../../components/share/use-copy-link';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../lib/auth/auth-store';
import { useListSearch } from '../../../lib/hooks/list-search';
import { pasteShareUrl } from '../../../lib/shares/paste-links';
import { usePastes } from '../api/get-pastes';
import { PasteEditDialog, PastePreviewDialog, PasteQrDialog } from './paste-dialogs';
import { PastesPanel } from './pastes-panel';
import { ClearExpiredButton } from './clear-expired-button';

/** Admin → Text management: every paste (a key: its own), searched, paged, edited and deleted. */
export function TextManagementPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const search = useListSearch();
  const list = usePastes({ page: search.page, search: search.search });
  const [preview, setPreview] = useState<PasteListItemDto | null>(null);
  const [qr, setQr] = useState<PasteListItemDto | null>(null);
  const [editing, setEditing] = useState<PasteListItemDto | null>(null);
  const copyLink = useCopyLink();

  return (
    <div>
      <PageHeader
        title={t('texts.title')}
        description={t(auth.kind === 'apikey' ? 'texts.descriptionOwn' : 'texts.description')}
        actions={
          <>
            <ClearExpiredButton />
            <Link to="/" className={buttonClasses('primary')}>
              <Plus />
              {t('texts.newPaste')}
            </Link>
          </>
        }
      />
      <PastesPanel
        list={list}
        search={search}
        actions={{
          onPreview: setPreview,
          onCopyLink: (paste) => void copyLink(pasteShareUrl(paste.slug), t('paste.created.linkCopied')),
          onQr: setQr,
          onEdit: setEditing,
        }}
      />
      <PastePreviewDialog paste={preview} onClose={() => setPreview(null)} />
      <PasteQrDialog paste={qr} onClose={() => setQr(null)} />
      <PasteEditDialog paste={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

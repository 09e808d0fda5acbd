import { SEARCH_MIN_CHARS, type PasteListItemDto } from '@driftbox/contract';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../components/ui/toaster';
import { copyText } from '../../../lib/clipboard';
import { pasteShareUrl } from '../../../lib/paste-links';
import { usePastes } from '../api/get-pastes';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { PasteEditDialog, PastePreviewDialog, PasteQrDialog } from './paste-dialogs';
import { PastesPanel } from './pastes-panel';
import { ClearExpiredButton } from './clear-expired-button';

/** Spec §5: a search needs at least 2 characters; shorter input lists everything. */
export function searchTerm(input: string): string | undefined {
  const term = input.trim();
  return term.length >= SEARCH_MIN_CHARS ? term : undefined;
}

/** Admin → Text management: every paste (a key: its own), searched, paged, edited and deleted. */
export function TextManagementPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const search = searchTerm(useDebouncedValue(searchInput, 300));
  const [pageState, setPageState] = useState({ page: 1, search });
  // A new search starts again from page 1.
  const page = pageState.search === search ? pageState.page : 1;
  const list = usePastes({ page, search });
  const [preview, setPreview] = useState<PasteListItemDto | null>(null);
  const [qr, setQr] = useState<PasteListItemDto | null>(null);
  const [editing, setEditing] = useState<PasteListItemDto | null>(null);
  const hintId = useId();

  async function copyLink(paste: PasteListItemDto) {
    try {
      await copyText(pasteShareUrl(paste.slug));
      toast.success(t('paste.created.linkCopied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  }

  return (
    <div>
      <PageHeader
        title={t('texts.title')}
        description={t('texts.description')}
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
        page={page}
        onPageChange={(next) => setPageState({ page: next, search })}
        searchInput={searchInput}
        onSearchChange={setSearchInput}
        searchHintId={hintId}
        searchTooShort={searchInput.trim().length > 0 && !searchTerm(searchInput)}
        searching={search !== undefined}
        actions={{ onPreview: setPreview, onCopyLink: (paste) => void copyLink(paste), onQr: setQr, onEdit: setEditing }}
      />
      <PastePreviewDialog paste={preview} onClose={() => setPreview(null)} />
      <PasteQrDialog paste={qr} onClose={() => setQr(null)} />
      <PasteEditDialog paste={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

import type { FileDetailDto } from '@driftbox/contract';
import { Hourglass, Pencil, UserRoundCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileEditDialog } from '../../../components/file/file-edit-dialog';
import { ShareNotice } from '../../../components/share/share-notice';
import { Button } from '../../../components/ui/button';
import type { PreviewSettings } from '../../../lib/shares/file-preview';
import { fileDeadReason } from '../../../lib/shares/share-status';
import { FileDetails } from './file-details';
import { LinksExpired } from './links-expired';
import type { OpenFile } from './file-preview';

/** The access token the server put on the owner's links (`?token=`), for calls that take it as a header. */
function ownerTokenOf(file: Pick<FileDetailDto, 'preview_url'>): string | null {
  try {
    return new URL(file.preview_url, window.location.origin).searchParams.get('token');
  } catch {
    return null;
  }
}

/**
 * The page's shape of a share, from the management detail. Its links carry an owner's access token
 * (issued by the server, counting no view and needing no password); the Office preview sends the same
 * token, so the owner previews a protected or limited share like the links do.
 */
function openFileOf(file: FileDetailDto): OpenFile {
  return {
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    remark: file.remark,
    created_at: file.created_at,
    expires_at: file.expires_at,
    max_views: file.max_views,
    views: file.views,
    use_proxy: file.use_proxy,
    has_password: file.has_password,
    requires_password: false,
    is_last_view: false,
    type: file.type,
    typeName: file.typeName,
    previewUrl: file.preview_url,
    downloadUrl: file.download_url,
    proxy_preview_url: file.preview_url,
    proxy_download_url: file.download_url,
    access_token: ownerTokenOf(file),
    access_token_expires_at: null,
  };
}

export interface FileOwnerViewProps {
  file: FileDetailDto;
  settings: PreviewSettings;
  now: number;
  /** Set once the links' token has passed: how to read the detail again. */
  linksExpired?: { onReopen: () => void; reopening: boolean } | undefined;
}

/**
 * The uploader's view (the admin, or the key that uploaded the file): no view counted and no password
 * asked, and the share's settings edited in place. A used-up share still previews for its owner; an
 * expired one no longer opens for anybody. The cleanup job deletes dead shares with their files
 * (expired ones within minutes, used-up ones an hour after the last view), so the notice says so and
 * offers Edit only for the time the share still exists; once it is gone the page shows "not found".
 */
export function FileOwnerView({ file, settings, now, linksExpired }: FileOwnerViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const dead = fileDeadReason(file, now);
  const notice = (
    <>
      {linksExpired ? (
        <LinksExpired cost="description" onReopen={linksExpired.onReopen} reopening={linksExpired.reopening} />
      ) : null}
      {dead ? (
        <ShareNotice
          icon={Hourglass}
          tone="warning"
          title={t(dead === 'expired' ? 'fileView.owner.expired' : 'fileView.owner.usedUp')}
        >
          {dead === 'expired' ? t('fileView.owner.expiredNotice') : t('fileView.owner.usedUpDeletion')}
        </ShareNotice>
      ) : null}
      <ShareNotice icon={UserRoundCheck} tone="info" title={t('fileView.owner.title')}>
        {t('fileView.owner.description')}
      </ShareNotice>
    </>
  );
  const edit = (
    <Button variant="outline" className="col-span-2 md:col-auto" icon={<Pencil />} onClick={() => setEditing(true)}>
      {t('fileView.owner.edit')}
    </Button>
  );
  return (
    <>
      <FileDetails
        file={openFileOf(file)}
        settings={settings}
        notice={notice}
        openable={dead !== 'expired' && !linksExpired}
        dead={dead}
        actions={edit}
      />
      <FileEditDialog
        file={editing ? file : null}
        onClose={() => setEditing(false)}
        // A new link moves the page with it; anything else comes back through the refreshed detail.
        onSaved={(saved) =>
          saved.slug !== file.slug && void navigate(`/file/${encodeURIComponent(saved.slug)}`, { replace: true })
        }
      />
    </>
  );
}

import { Clock, Download, Eye, HardDrive, Link2, Lock, QrCode as QrIcon, Timer, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/share/copy-field';
import { FileTypeIcon } from '../../../components/share/file-type-icon';
import { QrCode } from '../../../components/share/qr-code';
import { ShareNotice } from '../../../components/share/share-notice';
import { useCopyLink } from '../../../components/share/use-copy-link';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { fileShareUrl } from '../../../lib/shares/file-links';
import type { PreviewSettings } from '../../../lib/shares/file-preview';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { namedFileType } from '../lib/file-type-name';
import { FilePreview, type OpenFile } from './file-preview';

export interface FileDetailsProps {
  file: OpenFile;
  settings: PreviewSettings;
  /** Banners under the file's header (the owner's notes); the last-view warning comes on its own. */
  notice?: ReactNode;
  /** false: the links no longer open the file (an expired share seen by its owner): no preview, no download. */
  openable?: boolean;
  /** Why the link no longer opens for visitors (seen by its owner): its expiry reads as past, and it is not offered for sharing. */
  dead?: 'expired' | 'usedUp' | null;
  /** More buttons after Copy link and QR code (the owner's Edit). */
  actions?: ReactNode;
  /** Move focus to the file's name on mount (just unlocked with a password: the form that had it is gone). */
  focusHeading?: boolean;
}

/** A shared file: what it is, its limits, the preview and the download / copy link / QR actions. */
export function FileDetails({
  file,
  settings,
  notice,
  openable = true,
  dead = null,
  actions,
  focusHeading = false,
}: FileDetailsProps) {
  const { t, i18n } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  const link = fileShareUrl(file.slug);
  const remaining = file.max_views > 0 ? Math.max(0, file.max_views - file.views) : null;
  const copyLink = useCopyLink();

  // A plain link: the server answers it as an attachment, so the browser saves the exact bytes.
  const downloadLink = (className?: string) => (
    <a href={file.downloadUrl} download={file.filename} className={buttonClasses('primary', 'md', className)}>
      <Download />
      {t('fileView.download')}
    </a>
  );

  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-4">
      <Card className="p-5 sm:p-6">
        <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
          <div className="flex min-w-0 gap-4">
            <FileTypeIcon filename={file.filename} mimetype={file.mimetype} className="size-12 rounded-xl" />
            <div className="min-w-0">
              <h1
                ref={heading}
                tabIndex={-1}
                className="text-lg font-semibold tracking-tight [overflow-wrap:anywhere] text-fg outline-none sm:text-xl"
              >
                {file.filename}
              </h1>
              {file.remark ? <p className="mt-1 text-sm break-words text-fg-muted">{file.remark}</p> : null}
              <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-subtle">
                <Meta icon={HardDrive}>
                  <SizeAndType size={file.size} mimetype={file.mimetype} />
                </Meta>
                <Meta icon={Clock}>
                  {t('fileView.uploaded', { date: formatDateTime(file.created_at, i18n.language) })}
                </Meta>
                <Meta icon={Timer}>
                  {file.expires_at
                    ? t(dead === 'expired' ? 'fileView.expiredOn' : 'fileView.expires', {
                        date: formatDateTime(file.expires_at, i18n.language),
                      })
                    : t('fileView.neverExpires')}
                </Meta>
                <Meta icon={Eye}>
                  {remaining === null
                    ? t('fileView.views', { count: file.views })
                    : t('fileView.viewsLeft', { count: remaining, max: file.max_views })}
                </Meta>
                {file.has_password ? <Meta icon={Lock}>{t('fileView.protected')}</Meta> : null}
              </ul>
            </div>
          </div>
          {/* On a phone: download across the width, copy link and QR side by side under it (then the owner’s Edit).
              After the last allowed view, or once expired, the link no longer opens for anyone, so it is not offered for sharing. */}
          <div className="grid shrink-0 grid-cols-2 gap-2 md:flex md:flex-wrap">
            {openable ? downloadLink('col-span-2') : null}
            {file.is_last_view || dead ? null : (
              <>
                <Button
                  variant="outline"
                  icon={<Link2 />}
                  onClick={() => void copyLink(link, t('fileView.linkCopied'))}
                >
                  {t('fileView.copyLink')}
                </Button>
                <Button variant="outline" icon={<QrIcon />} onClick={() => setQrOpen(true)}>
                  {t('fileView.qr')}
                </Button>
              </>
            )}
            {actions}
          </div>
        </div>
        {file.is_last_view ? (
          <ShareNotice className="mt-4" icon={TriangleAlert} tone="warning" title={t('fileView.lastView.title')}>
            {t('fileView.lastView.description')}
          </ShareNotice>
        ) : null}
        {notice ? <div className="mt-4 flex flex-col gap-3">{notice}</div> : null}
      </Card>
      {openable ? (
        <Card className="overflow-hidden" aria-label={t('fileView.preview.label')} role="region">
          <FilePreview file={file} settings={settings} downloadAction={downloadLink()} />
        </Card>
      ) : null}
      <Dialog
        open={qrOpen}
        onOpenChange={setQrOpen}
        title={t('fileView.qrTitle')}
        description={t('fileView.qrDescription')}
        size="sm"
      >
        <div className="flex flex-col items-center gap-4">
          <QrCode value={link} label={t('fileView.qrLabel', { name: file.filename })} size={200} />
          <CopyField
            label={t('fileView.link')}
            value={link}
            copyLabel={t('fileView.copyLink')}
            copiedMessage={t('fileView.linkCopied')}
          />
        </div>
      </Dialog>
    </article>
  );
}

/**
 * Size and type on one line. A long Office type (…officedocument.wordprocessingml.document) is named in
 * words; any other type is shown as it is and cut with an ellipsis. The exact type stays in the tooltip.
 */
function SizeAndType({ size, mimetype }: { size: number; mimetype: string }) {
  const { t } = useTranslation();
  const named = namedFileType(mimetype);
  return (
    <span className="flex min-w-0 gap-1">
      <span className="shrink-0">{formatBytes(size)} ·</span>
      <span className="truncate" title={mimetype}>
        {named ? t(`fileView.types.${named}`) : mimetype}
      </span>
    </span>
  );
}

function Meta({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-1.5">
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{children}</span>
    </li>
  );
}

import type { FilePublicDto } from '@driftbox/contract';
import { ExternalLink, EyeOff, File, FileText, FileWarning } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api/error-message';
import { officeViewerUrl, previewKindOf, type PreviewSettings } from '../../../lib/shares/file-preview';
import { formatBytes } from '../../../lib/format';
import { useOfficePreview } from '../api/get-office-preview';
import { TEXT_PREVIEW_MAX_BYTES, TextPreview } from '../../../components/file/text-preview';

/** An unlocked share: its links (with the visit's token) are set. */
export type OpenFile = FilePublicDto & { previewUrl: string; downloadUrl: string };

/** The preview by type, per the admin's preview settings (lib/file-preview). */
export function FilePreview({
  file,
  settings,
  downloadAction,
}: {
  file: OpenFile;
  settings: PreviewSettings;
  downloadAction: ReactNode;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const kind = previewKindOf(file.filename, file.mimetype, settings);
  const noPreview = (title: string, description: string) => (
    <EmptyState icon={EyeOff} title={title} description={description} action={downloadAction} />
  );

  if (failed)
    return (
      <EmptyState
        icon={FileWarning}
        title={t('fileView.preview.loadFailed')}
        description={t('fileView.preview.loadFailedHint')}
        action={downloadAction}
      />
    );
  // Said outright, whatever the type: a 0-byte text file would show an empty box, an image a load failure.
  if (file.size === 0)
    return <EmptyState icon={File} title={t('fileView.preview.empty')} description={t('fileView.preview.emptyHint')} />;
  switch (kind) {
    case 'image':
      return (
        <div className="flex justify-center bg-[repeating-conic-gradient(var(--color-subtle)_0_25%,transparent_0_50%)] bg-[length:20px_20px] p-3 sm:p-6">
          <img
            src={file.previewUrl}
            alt={file.filename}
            className="max-h-[70vh] max-w-full rounded-md object-contain"
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'video':
      return (
        <div className="bg-black">
          <video
            src={file.previewUrl}
            controls
            preload="metadata"
            className="mx-auto max-h-[75vh] w-full"
            aria-label={file.filename}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'audio':
      return (
        <div className="p-6">
          <audio
            src={file.previewUrl}
            controls
            preload="metadata"
            className="w-full"
            aria-label={file.filename}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'pdf':
      return <PdfPreview file={file} downloadAction={downloadAction} />;
    case 'office':
      return <OfficePreview file={file} settings={settings} downloadAction={downloadAction} />;
    case 'markdown':
    case 'text':
      if (file.size > TEXT_PREVIEW_MAX_BYTES)
        return noPreview(
          t('fileView.preview.tooLarge'),
          t('fileView.preview.tooLargeHint', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES) }),
        );
      return (
        <TextPreview
          url={file.previewUrl}
          filename={file.filename}
          mimetype={file.mimetype}
          markdown={kind === 'markdown'}
        />
      );
    default:
      return noPreview(t('fileView.preview.none'), t('fileView.preview.noneHint'));
  }
}

/** `navigator.pdfViewerEnabled` is false where PDFs are not shown inside a page (Chrome on Android, some embedded browsers). */
function showsPdfInline(): boolean {
  return (navigator as Navigator & { pdfViewerEnabled?: boolean }).pdfViewerEnabled !== false;
}

/**
 * PDFs show in the browser's own viewer inside the page, with a link to read them full size in a tab.
 * Where the browser has no inline viewer the frame would stay blank, so the link and the download are
 * offered instead.
 */
function PdfPreview({ file, downloadAction }: { file: OpenFile; downloadAction: ReactNode }) {
  const { t } = useTranslation();
  const openLink = (className: string) => (
    <a href={file.previewUrl} target="_blank" rel="noopener noreferrer" className={className}>
      <ExternalLink aria-hidden="true" />
      {t('fileView.preview.openPdf')}
    </a>
  );
  if (!showsPdfInline()) {
    return (
      <EmptyState
        icon={FileText}
        title={t('fileView.preview.pdfNoInline')}
        description={t('fileView.preview.pdfNoInlineHint')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {openLink(buttonClasses('outline'))}
            {downloadAction}
          </div>
        }
      />
    );
  }
  return (
    <div>
      <iframe src={file.previewUrl} title={file.filename} className="block h-[75vh] w-full border-0 bg-white" />
      <p className="flex justify-end border-t border-line px-4 py-2">
        {openLink(
          'inline-flex items-center gap-1.5 text-xs font-medium text-accent-text hover:underline [&_svg]:size-3.5',
        )}
      </p>
    </div>
  );
}

/**
 * Office files open in the online viewer the admin chose; it fetches the file from a temporary link, so a
 * link the internet cannot reach (the server says so: localhost, a LAN) gets a word instead of the viewer's error.
 */
function OfficePreview({
  file,
  settings,
  downloadAction,
}: {
  file: OpenFile;
  settings: PreviewSettings;
  downloadAction: ReactNode;
}) {
  const { t } = useTranslation();
  const office = useOfficePreview(file.slug, file.access_token);
  if (office.isPending) {
    return (
      <div className="p-5" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-[60vh] w-full" />
      </div>
    );
  }
  if (office.isError)
    return (
      <ErrorState
        title={t('fileView.preview.loadFailed')}
        message={errorMessage(office.error)}
        onRetry={() => void office.refetch()}
        retrying={office.isFetching}
      />
    );
  const provider =
    settings.officeProvider === 'google' ? t('fileView.preview.google') : t('fileView.preview.microsoft');
  if (!office.data.publicly_reachable) {
    const host = new URL(office.data.url).host;
    return (
      <EmptyState
        icon={EyeOff}
        title={t('fileView.preview.officeUnreachable')}
        description={t('fileView.preview.officeUnreachableHint', { provider, host })}
        action={downloadAction}
      />
    );
  }
  return (
    <div>
      <iframe
        src={officeViewerUrl(settings.officeProvider, office.data.url)}
        title={t('fileView.preview.officeTitle', { name: file.filename })}
        className="block h-[75vh] w-full border-0 bg-white"
      />
      <p className="border-t border-line px-4 py-2 text-xs text-fg-subtle">
        {t('fileView.preview.officeNote', { provider })}
      </p>
    </div>
  );
}

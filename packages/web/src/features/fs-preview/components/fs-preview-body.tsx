import { ExternalLink, EyeOff, File, FileWarning } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_PREVIEW_MAX_BYTES, TextPreview } from '../../../components/file/text-preview';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api/error-message';
import { onBackend } from '../../../lib/api/backend';
import { formatBytes } from '../../../lib/format';
import { officeViewerUrl, type PreviewKind, type PreviewSettings } from '../../../lib/shares/file-preview';
import { fsDownloadRequest, useFsFileLink, type FsFileDto } from '../api/fs-file';
import { isPublicHost } from '../lib/public-host';

/** The file's view by kind: the file page's viewers over the explorer's links (`/api/fs/get`, `/api/fs/download`). */
export function FsPreviewBody({
  file,
  kind,
  settings,
  downloadAction,
}: {
  file: FsFileDto;
  kind: PreviewKind;
  settings: PreviewSettings;
  downloadAction: ReactNode;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const view = file.preview_url ? onBackend(file.preview_url) : '';
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
  if (file.size === 0)
    return <EmptyState icon={File} title={t('fileView.preview.empty')} description={t('fileView.preview.emptyHint')} />;
  switch (kind) {
    case 'image':
      return (
        <div className="flex h-full items-center justify-center bg-[repeating-conic-gradient(var(--color-subtle)_0_25%,transparent_0_50%)] bg-[length:20px_20px] p-3">
          <img
            src={view}
            alt={file.name}
            className="max-h-[70dvh] max-w-full rounded-md object-contain"
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'video':
      return (
        <div className="bg-black">
          <video
            key={view}
            src={view}
            controls
            preload="metadata"
            className="mx-auto max-h-[70dvh] w-full"
            aria-label={file.name}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'audio':
      return (
        <div className="p-6">
          <audio
            key={view}
            src={view}
            controls
            preload="metadata"
            className="w-full"
            aria-label={file.name}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'pdf':
      return (
        <div>
          <iframe src={view} title={file.name} className="block h-[70dvh] w-full border-0 bg-white" />
          <p className="flex justify-end border-t border-line px-4 py-2">
            <a
              href={view}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-xs font-medium text-accent-text hover:underline [&_svg]:size-3.5"
            >
              <ExternalLink aria-hidden="true" />
              {t('fileView.preview.openPdf')}
            </a>
          </p>
        </div>
      );
    case 'office':
      return <OfficeView file={file} settings={settings} downloadAction={downloadAction} />;
    case 'markdown':
    case 'text': {
      if ((file.size ?? 0) > TEXT_PREVIEW_MAX_BYTES)
        return noPreview(
          t('fileView.preview.tooLarge'),
          t('fileView.preview.tooLargeHint', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES) }),
        );
      const request = fsDownloadRequest(file.path);
      return (
        <TextPreview
          url={request.url}
          headers={request.headers}
          filename={file.name}
          mimetype={file.contentType ?? ''}
          markdown={kind === 'markdown'}
        />
      );
    }
    default:
      return noPreview(t('fileView.preview.none'), t('fileView.preview.noneHint'));
  }
}

/** Office files in the admin's online viewer, from a file link it can reach; a local address gets a word instead. */
function OfficeView({
  file,
  settings,
  downloadAction,
}: {
  file: FsFileDto;
  settings: PreviewSettings;
  downloadAction: ReactNode;
}) {
  const { t } = useTranslation();
  const link = useFsFileLink(file.path, true);
  if (link.isPending)
    return (
      <div className="p-5" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-[50dvh] w-full" />
      </div>
    );
  if (link.isError)
    return (
      <ErrorState
        title={t('fileView.preview.loadFailed')}
        message={errorMessage(link.error)}
        onRetry={() => void link.refetch()}
        retrying={link.isFetching}
      />
    );
  const provider =
    settings.officeProvider === 'google' ? t('fileView.preview.google') : t('fileView.preview.microsoft');
  const url = new URL(onBackend(link.data.presignedUrl), window.location.href);
  if (!isPublicHost(url.host))
    return (
      <EmptyState
        icon={EyeOff}
        title={t('fileView.preview.officeUnreachable')}
        description={t('fileView.preview.officeUnreachableHint', { provider, host: url.host })}
        action={downloadAction}
      />
    );
  return (
    <div>
      <iframe
        src={officeViewerUrl(settings.officeProvider, url.href)}
        title={t('fileView.preview.officeTitle', { name: file.name })}
        className="block h-[70dvh] w-full border-0 bg-white"
      />
      <p className="border-t border-line px-4 py-2 text-xs text-fg-subtle">
        {t('fileView.preview.officeNote', { provider })}
      </p>
    </div>
  );
}

import { ExternalLink, EyeOff, File, FileText, FileWarning } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/error-message';
import { formatBytes } from '../../lib/format';
import { officeViewerUrl, type PreviewKind, type PreviewSettings } from '../../lib/shares/file-preview';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Skeleton } from '../ui/spinner';
import { TEXT_PREVIEW_MAX_BYTES, TextPreview } from './text-preview';

/** Where the office viewer's temporary file link comes from: a query of the page's own endpoint. */
export interface OfficeLinkState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  /** The file's absolute URL for the online viewer, and whether the internet can reach it. */
  data?: { url: string; reachable: boolean } | undefined;
}

export interface FileViewerProps {
  kind: PreviewKind;
  /** The file's inline URL (images, media, PDF; text too unless `text` says otherwise). */
  url: string;
  name: string;
  mimetype: string;
  size: number | null;
  settings: PreviewSettings;
  downloadAction: ReactNode;
  /** The text viewer's request when it differs from `url` (an authorised download). */
  text?: { url: string; headers?: Record<string, string> } | undefined;
  /** The office viewer's link (only read for kind `office`). */
  office?: OfficeLinkState | undefined;
  /** `panel`: inside the explorer's preview (dynamic viewport units); `page`: the file page. */
  fit?: 'page' | 'panel';
}

const FIT = {
  page: { box: 'p-3 sm:p-6', image: 'max-h-[70vh]', media: 'max-h-[75vh]', frame: 'h-[75vh]', skeleton: 'h-[60vh]' },
  panel: {
    box: 'h-full items-center p-3',
    image: 'max-h-[70dvh]',
    media: 'max-h-[70dvh]',
    frame: 'h-[70dvh]',
    skeleton: 'h-[50dvh]',
  },
} as const;

/**
 * A file's view by kind (image, video, audio, PDF, text and Markdown, office through the admin's viewer):
 * the one switch of the file page and the explorer's preview, each handing it its own links.
 */
export function FileViewer(props: FileViewerProps) {
  const { kind, url, name, mimetype, size, downloadAction } = props;
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const fit = FIT[props.fit ?? 'page'];
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
  if (size === 0)
    return <EmptyState icon={File} title={t('fileView.preview.empty')} description={t('fileView.preview.emptyHint')} />;
  switch (kind) {
    case 'image':
      return (
        <div
          className={`flex justify-center bg-[repeating-conic-gradient(var(--color-subtle)_0_25%,transparent_0_50%)] bg-[length:20px_20px] ${fit.box}`}
        >
          <img
            src={url}
            alt={name}
            className={`${fit.image} max-w-full rounded-md object-contain`}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'video':
      return (
        <div className="bg-black">
          <video
            key={url}
            src={url}
            controls
            preload="metadata"
            className={`mx-auto w-full ${fit.media}`}
            aria-label={name}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'audio':
      return (
        <div className="p-6">
          <audio
            key={url}
            src={url}
            controls
            preload="metadata"
            className="w-full"
            aria-label={name}
            onError={() => setFailed(true)}
          />
        </div>
      );
    case 'pdf':
      return <PdfView url={url} name={name} frame={fit.frame} downloadAction={downloadAction} />;
    case 'office':
      return <OfficeView {...props} frame={fit.frame} skeleton={fit.skeleton} />;
    case 'markdown':
    case 'text':
      if ((size ?? 0) > TEXT_PREVIEW_MAX_BYTES)
        return noPreview(
          t('fileView.preview.tooLarge'),
          t('fileView.preview.tooLargeHint', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES) }),
        );
      return (
        <TextPreview
          url={props.text?.url ?? url}
          {...(props.text?.headers ? { headers: props.text.headers } : {})}
          filename={name}
          mimetype={mimetype}
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
function PdfView(props: { url: string; name: string; frame: string; downloadAction: ReactNode }) {
  const { t } = useTranslation();
  const openLink = (className: string) => (
    <a href={props.url} target="_blank" rel="noopener noreferrer" className={className}>
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
            {props.downloadAction}
          </div>
        }
      />
    );
  }
  return (
    <div>
      <iframe src={props.url} title={props.name} className={`block w-full border-0 bg-white ${props.frame}`} />
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
 * link the internet cannot reach (localhost, a LAN) gets a word instead of the viewer's error.
 */
function OfficeView(props: FileViewerProps & { frame: string; skeleton: string }) {
  const { t } = useTranslation();
  const office = props.office;
  if (!office || office.isPending)
    return (
      <div className="p-5" role="status" aria-label={t('common.loading')}>
        <Skeleton className={`w-full ${props.skeleton}`} />
      </div>
    );
  if (office.isError || !office.data)
    return (
      <ErrorState
        title={t('fileView.preview.loadFailed')}
        message={errorMessage(office.error)}
        onRetry={() => void office.refetch()}
        retrying={office.isFetching}
      />
    );
  const provider =
    props.settings.officeProvider === 'google' ? t('fileView.preview.google') : t('fileView.preview.microsoft');
  if (!office.data.reachable)
    return (
      <EmptyState
        icon={EyeOff}
        title={t('fileView.preview.officeUnreachable')}
        description={t('fileView.preview.officeUnreachableHint', { provider, host: new URL(office.data.url).host })}
        action={props.downloadAction}
      />
    );
  return (
    <div>
      <iframe
        src={officeViewerUrl(props.settings.officeProvider, office.data.url)}
        title={t('fileView.preview.officeTitle', { name: props.name })}
        className={`block w-full border-0 bg-white ${props.frame}`}
      />
      <p className="border-t border-line px-4 py-2 text-xs text-fg-subtle">
        {t('fileView.preview.officeNote', { provider })}
      </p>
    </div>
  );
}

import type { ReactNode } from 'react';
import { FileViewer } from '../../../components/file/file-viewer';
import { onBackend } from '../../../lib/api/backend';
import type { PreviewKind, PreviewSettings } from '../../../lib/shares/file-preview';
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
  // Office documents open in the admin's online viewer, from a file link it can reach (asked for only then).
  const link = useFsFileLink(file.path, kind === 'office');
  const officeUrl = link.data ? new URL(onBackend(link.data.presignedUrl), window.location.href) : null;
  return (
    <FileViewer
      fit="panel"
      kind={kind}
      url={file.preview_url ? onBackend(file.preview_url) : ''}
      name={file.name}
      mimetype={file.contentType ?? ''}
      size={file.size}
      settings={settings}
      downloadAction={downloadAction}
      text={fsDownloadRequest(file.path)}
      office={{
        isPending: link.isPending,
        isError: link.isError,
        isFetching: link.isFetching,
        error: link.error,
        refetch: link.refetch,
        data: officeUrl ? { url: officeUrl.href, reachable: isPublicHost(officeUrl.host) } : undefined,
      }}
    />
  );
}

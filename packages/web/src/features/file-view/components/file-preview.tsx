import type { FilePublicDto } from '@driftbox/contract';
import type { ReactNode } from 'react';
import { FileViewer } from '../../../components/file/file-viewer';
import { previewKindOf, type PreviewSettings } from '../../../lib/shares/file-preview';
import { useOfficePreview } from '../api/get-office-preview';

/** An unlocked share: its links (with the visit's token) are set. */
export type OpenFile = FilePublicDto & { previewUrl: string; downloadUrl: string };

/** The preview by type, per the admin's preview settings (lib/file-preview), over the share's links. */
export function FilePreview({
  file,
  settings,
  downloadAction,
}: {
  file: OpenFile;
  settings: PreviewSettings;
  downloadAction: ReactNode;
}) {
  const kind = previewKindOf(file.filename, file.mimetype, settings);
  // The office viewer's link is asked for only when the file is an office document.
  const office = useOfficePreview(file.slug, file.access_token, kind === 'office');
  return (
    <FileViewer
      kind={kind}
      url={file.previewUrl}
      name={file.filename}
      mimetype={file.mimetype}
      size={file.size}
      settings={settings}
      downloadAction={downloadAction}
      office={{
        isPending: office.isPending,
        isError: office.isError,
        isFetching: office.isFetching,
        error: office.error,
        refetch: office.refetch,
        data: office.data && { url: office.data.url, reachable: office.data.publicly_reachable },
      }}
    />
  );
}

import type { LocalGrant } from '../../storage/local-signing.js';
import type { GetResult } from '../../storage/object-store.js';
// Which types may run script is decided in one place, shared with the file-share routes.
import { isActiveContent, sandboxHeaders, servedType } from '../../http/content-safety.js';

/**
 * Response headers for a download through a signed local-storage URL. User files are served with a
 * sandboxing CSP, and script-capable types are always downloaded as attachments, never rendered on the
 * app's own origin. PDFs get the policy that lets the file page frame them, as through the share routes.
 */
export function downloadHeaders(grant: LocalGrant, result: Omit<GetResult, 'body' | 'key'>): Record<string, string> {
  const contentType = servedType(grant.contentType ?? result.contentType);
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(result.size),
    'Accept-Ranges': 'bytes',
    ETag: result.etag,
    'Last-Modified': result.lastModified.toUTCString(),
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
    // A direct-mode PDF preview is framed by the file page through this URL.
    ...sandboxHeaders(contentType),
  };
  const disposition = grant.contentDisposition;
  if (isActiveContent(contentType)) {
    headers['Content-Disposition'] = disposition?.toLowerCase().startsWith('attachment') ? disposition : 'attachment';
  } else if (disposition) {
    headers['Content-Disposition'] = disposition;
  }
  if (result.range) headers['Content-Range'] = `bytes ${result.range.start}-${result.range.end}/${result.totalSize}`;
  return headers;
}

import { useMutation } from '@tanstack/react-query';
import type { FsArchiveBody } from '@driftbox/contract';
import { API_BASE } from '../../../lib/api/api-client';
import { ApiError, CLIENT_ERROR_MESSAGES } from '../../../lib/api/api-error';
import { authorizationFor, getAuthState } from '../../../lib/auth/auth-store';
import { currentLanguage } from '../../../lib/site/i18n';

export interface ArchiveDownload {
  blob: Blob;
  fileName: string;
}

interface ErrorEnvelope {
  error?: string;
  message?: string;
  requestId?: string;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * `POST /api/fs/archive`: the server streams one ZIP of the paths (folders walked). The answer is the file,
 * not an envelope, so this bypasses apiRequest; refusals (400/403/404) come before the first byte as an
 * envelope. No timeout: a large basket takes as long as its bytes do.
 */
export async function downloadArchive(body: FsArchiveBody, signal?: AbortSignal): Promise<ArchiveDownload> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/zip, application/json',
    'X-Language': currentLanguage(),
  };
  const authorization = authorizationFor(getAuthState());
  if (authorization) headers.Authorization = authorization;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/fs/archive`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: CLIENT_ERROR_MESSAGES.NETWORK });
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as ErrorEnvelope;
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      code: envelope.error ?? 'REQUEST_FAILED',
      message: envelope.message ?? CLIENT_ERROR_MESSAGES.REQUEST_FAILED,
      ...(envelope.message ? { serverMessage: envelope.message } : {}),
      requestId: envelope.requestId,
    });
  }
  const fileName = fileNameOf(response.headers.get('content-disposition') ?? '', body.name ?? 'download.zip');
  return { blob: await response.blob(), fileName };
}

/** Hands the ZIP to the browser as a download through a temporary object URL. */
export function saveArchive({ blob, fileName }: ArchiveDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadArchive() {
  return useMutation({ mutationFn: (body: FsArchiveBody) => downloadArchive(body), onSuccess: saveArchive });
}

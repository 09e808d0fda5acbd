import { useMutation } from '@tanstack/react-query';
import type { BackupCreateBody } from '@driftbox/contract';
import { API_BASE } from '../../../lib/api/api-client';
import { ApiError, CLIENT_ERROR_MESSAGES } from '../../../lib/api/api-error';
import { authorizationFor, getAuthState } from '../../../lib/auth/auth-store';
import { saveBlob } from '../../../lib/download';

export interface BackupDownload {
  blob: Blob;
  fileName: string;
}

interface ErrorEnvelope {
  error?: string;
  message?: string;
  requestId?: string;
}

/**
 * `POST /api/admin/backup/create`. The answer is the file itself, not an envelope, so this is the one
 * call that bypasses apiRequest: it needs the raw body as a Blob (fetched with the session's header,
 * which a plain link or form could not send).
 */
export async function createBackup(body: BackupCreateBody): Promise<BackupDownload> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const authorization = authorizationFor(getAuthState());
  if (authorization) headers.Authorization = authorization;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/admin/backup/create`, { method: 'POST', headers, body: JSON.stringify(body) });
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
      requestId: envelope.requestId,
    });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'driftbox-backup.json';
  return { blob: await response.blob(), fileName };
}

export function useCreateBackup() {
  return useMutation({ mutationFn: createBackup, onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) });
}

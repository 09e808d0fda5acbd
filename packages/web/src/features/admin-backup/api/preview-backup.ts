import { useMutation } from '@tanstack/react-query';
import { BackupPreviewDto, type BackupRestoreMode } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

export interface BackupRestoreInput {
  mode: BackupRestoreMode;
  backup: unknown;
  /** The original product's ENCRYPTION_SECRET (its v0.8+ storage credentials); left out when empty. */
  legacy_encryption_secret?: string;
}

/** Large files take a while to check and write; the default 30 s would cut them off. */
export const BACKUP_TIMEOUT_MS = 5 * 60_000;

/** `POST /api/admin/backup/preview` — what a restore would change, per table; changes nothing. */
export function previewBackup(input: BackupRestoreInput): Promise<BackupPreviewDto> {
  return apiRequest('/admin/backup/preview', {
    method: 'POST',
    body: input,
    schema: BackupPreviewDto,
    timeoutMs: BACKUP_TIMEOUT_MS,
  });
}

export function usePreviewBackup() {
  return useMutation({ mutationFn: previewBackup });
}

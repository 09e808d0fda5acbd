import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackupRestoreResultDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { BACKUP_TIMEOUT_MS, type BackupRestoreInput } from './preview-backup';

/** `POST /api/admin/backup/restore` — writes the file's tables in overwrite or merge mode. */
export function restoreBackup(input: BackupRestoreInput): Promise<BackupRestoreResultDto> {
  return apiRequest('/admin/backup/restore', {
    method: 'POST',
    body: input,
    schema: BackupRestoreResultDto,
    timeoutMs: BACKUP_TIMEOUT_MS,
  });
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    // A restore can change any table: every cached answer may be stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

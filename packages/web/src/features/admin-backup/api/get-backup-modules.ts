import { queryOptions, useQuery } from '@tanstack/react-query';
import { BackupModulesDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/admin/backup/modules` — each module with its tables and row counts, in the UI language. */
export function getBackupModules(): Promise<BackupModulesDto> {
  return apiRequest('/admin/backup/modules', { schema: BackupModulesDto });
}

export const backupModulesQueryKey = ['admin', 'backup', 'modules'] as const;

export const backupModulesQuery = queryOptions({ queryKey: backupModulesQueryKey, queryFn: getBackupModules });

export function useBackupModules() {
  return useQuery(backupModulesQuery);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileBatchDeleteResult, type FileDeleteMode } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { FILES_QUERY_ROOT } from '../../../lib/api/file-query-keys';

/** `DELETE /api/files/batch-delete` — `both` also deletes the stored objects, `record_only` keeps them. */
export function deleteFiles({ ids, mode }: { ids: string[]; mode: FileDeleteMode }): Promise<FileBatchDeleteResult> {
  return apiRequest('/files/batch-delete', {
    method: 'DELETE',
    body: { ids, delete_mode: mode },
    schema: FileBatchDeleteResult,
  });
}

export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFiles,
    // Some rows may be gone even when the call failed part-way: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_ROOT }),
  });
}

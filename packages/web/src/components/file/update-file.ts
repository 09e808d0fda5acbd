import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileDetailDto, type FileUpdateBody } from '@driftbox/contract';
import { apiRequest } from '../../lib/api/api-client';
import { FILES_QUERY_ROOT } from '../../lib/api/file-query-keys';

/** `PUT /api/files/{id}` with only the changed fields → the share as saved. */
export function updateFile({ id, body }: { id: string; body: FileUpdateBody }): Promise<FileDetailDto> {
  return apiRequest(`/files/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: FileDetailDto });
}

export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_ROOT }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';

const Deleted = z.object({ deleted: z.number() });

/** `DELETE /api/pastes/batch-delete` with `{ids}` → how many were deleted (others' ids are skipped). */
export function deletePastes(ids: string[]): Promise<number> {
  return apiRequest('/pastes/batch-delete', {
    method: 'DELETE',
    body: { ids },
    schema: Deleted,
    offline: 'batchDeletePastes',
  }).then((result) => result.deleted);
}

export function useDeletePastes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePastes,
    // Some rows may be gone even when the call failed part-way: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT }),
  });
}

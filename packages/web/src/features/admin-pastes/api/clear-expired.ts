import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { PASTES_QUERY_ROOT } from '../../../lib/api/paste-query-keys';

const Deleted = z.object({ deleted: z.number() });

/** `POST /api/pastes/clear-expired` → how many expired or used-up pastes were deleted. */
export function clearExpiredPastes(): Promise<number> {
  return apiRequest('/pastes/clear-expired', {
    method: 'POST',
    body: { clearExpired: true },
    schema: Deleted,
    offline: 'clearExpiredPastes',
  }).then((result) => result.deleted);
}

export function useClearExpiredPastes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearExpiredPastes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { fsListRootKey } from './list-folder';

const RemoveAnswer = z.object({
  success: z.number().optional(),
  failed: z.array(z.object({ path: z.string(), error: z.string() })).default([]),
  jobId: z.string().optional(),
});
export type RemoveAnswer = z.infer<typeof RemoveAnswer>;

/** `POST /api/fs/batch-remove`: files go at once; folders are queued as one task (`jobId`). */
export function removeEntries(paths: string[]): Promise<RemoveAnswer> {
  return apiRequest('/fs/batch-remove', { method: 'POST', body: { paths }, schema: RemoveAnswer });
}

export function useRemoveEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEntries,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: fsListRootKey });
      void queryClient.invalidateQueries({ queryKey: ['fs', 'tasks'] });
    },
  });
}

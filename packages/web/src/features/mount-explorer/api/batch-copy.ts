import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { fsListRootKey } from './list-folder';

const CopyAnswer = z.object({ jobId: z.string().optional() });

export interface CopyItem {
  sourcePath: string;
  /** The copy's own full path (never the folder it goes into). */
  targetPath: string;
}

/** `POST /api/fs/batch-copy`: queued as one `copy` task on the server (202 with `jobId`). */
export function copyEntries(items: CopyItem[]): Promise<z.infer<typeof CopyAnswer>> {
  return apiRequest('/fs/batch-copy', { method: 'POST', body: { items, skipExisting: true }, schema: CopyAnswer });
}

export function useCopyEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyEntries,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['fs', 'tasks'] });
      void queryClient.invalidateQueries({ queryKey: fsListRootKey });
    },
  });
}

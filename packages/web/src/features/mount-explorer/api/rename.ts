import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { fsListRootKey } from './list-folder';

/** `POST /api/fs/rename`: a file or folder to a new path inside its mount (also how a move is done). */
export function renameEntry({ oldPath, newPath }: { oldPath: string; newPath: string }): Promise<unknown> {
  return apiRequest('/fs/rename', { method: 'POST', body: { oldPath, newPath }, schema: z.unknown() });
}

export function useRenameEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameEntry,
    // Source and target folders both change; listings are cheap to refetch.
    onSettled: () => queryClient.invalidateQueries({ queryKey: fsListRootKey }),
  });
}

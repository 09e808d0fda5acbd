import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { fsListKey } from './list-folder';

/** `POST /api/fs/mkdir` (409 when the name is taken). */
export function makeFolder(path: string): Promise<unknown> {
  return apiRequest('/fs/mkdir', { method: 'POST', body: { path }, schema: z.unknown() });
}

export function useMakeFolder(parent: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fsListKey(parent) }),
  });
}

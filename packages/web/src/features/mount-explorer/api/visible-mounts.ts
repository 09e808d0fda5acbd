import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

const VisibleMount = z.object({ id: z.string(), name: z.string(), mount_path: z.string() });
export type VisibleMount = z.infer<typeof VisibleMount>;

/** `GET /api/user/mounts`: the active mounts the caller may see (which mount a folder is in). */
export function getVisibleMounts(): Promise<VisibleMount[]> {
  return apiRequest('/user/mounts', { schema: z.array(VisibleMount) });
}

export const visibleMountsQuery = queryOptions({
  queryKey: ['fs', 'mounts'] as const,
  queryFn: getVisibleMounts,
  staleTime: 60_000,
});

export function useVisibleMounts(enabled = true) {
  return useQuery({ ...visibleMountsQuery, enabled });
}

/** The mount `path` is in: the longest mount path at or above it (as the server's mount table). */
export function mountOf(path: string, mounts: readonly VisibleMount[]): string | null {
  let best: string | null = null;
  for (const { mount_path: mount } of mounts) {
    const inside = path === mount || path.startsWith(mount === '/' ? '/' : mount + '/');
    if (inside && (best === null || mount.length > best.length)) best = mount;
  }
  return best;
}

import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { canUse } from '../auth/admin-access';
import { useAuth } from '../auth/auth-store';

/**
 * The owner check of a share page. Someone who may own such shares (the admin, or a key with
 * `permission`) first reads the share's management detail, which answers only its owner (the admin
 * owns every share, a key those it created) and counts no view. `owned` is that detail when they own
 * it; `known` turns true once there is an answer either way — only then may a visitor's read (which
 * counts a view) start.
 */
export function useOwnerRead<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  permission: number,
): { owned: T | undefined; known: boolean; readAt: number; refetch: () => void; refetching: boolean } {
  const checking = canUse(useAuth(), permission);
  const own = useQuery({ ...options, enabled: checking });
  return {
    owned: own.isSuccess ? own.data : undefined,
    known: !checking || own.isSuccess || own.isError,
    readAt: own.dataUpdatedAt,
    // Reading the owner's detail again counts nothing (fresh links for an open page).
    refetch: () => void own.refetch(),
    refetching: own.isFetching,
  };
}

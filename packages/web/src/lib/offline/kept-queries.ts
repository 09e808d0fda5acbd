import type { QueryKey } from '@tanstack/react-query';

/**
 * Which query answers are kept for offline reading (issue 31): the user's own and admin lists and details, never a
 * public read (it counts a view), never API keys. Free of Dexie, so the app can watch for them before loading it.
 */
const KEPT_ROOTS = new Set(['pastes', 'files']);
const KEPT_ADMIN = new Set(['dashboard', 'storage-configs']);

export function isKeptOffline(key: QueryKey): boolean {
  const [root, second] = key;
  if (typeof root !== 'string') return false;
  return KEPT_ROOTS.has(root) || (root === 'admin' && typeof second === 'string' && KEPT_ADMIN.has(second));
}

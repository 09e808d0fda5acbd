import type { SearchScope } from '@driftbox/contract';

/** The folder of a result (`/a/b/c.txt` → `/a/b`), which the result shows and "reveal" opens. */
export function folderOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

/** Which scopes make sense where the explorer is: "this mount" inside a mount, "this folder" below the root. */
export function availableScopes(currentPath: string, mountPath: string | null): SearchScope[] {
  const scopes: SearchScope[] = ['global'];
  if (mountPath) scopes.push('mount');
  if (currentPath !== '/' && currentPath !== '' && currentPath !== mountPath) scopes.push('directory');
  return scopes;
}

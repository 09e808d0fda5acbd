import { isAncestorOfBase, isPathWithinBase, joinPath, parentPath, parseVirtualPath } from '@driftbox/contract';

/** The explorer's route prefix (spec §2). */
export const EXPLORER_ROUTE = '/mount-explorer';

/** The virtual path a `/mount-explorer/<splat>` URL shows (the splat arrives decoded by the router). */
export function pathFromSplat(splat: string | undefined): string {
  const parsed = parseVirtualPath('/' + (splat ?? ''));
  return parsed.ok ? parsed.path : '/';
}

/** The explorer URL of a virtual path, each segment encoded. */
export function explorerUrl(path: string, search = ''): string {
  const segments = path.split('/').filter(Boolean).map(encodeURIComponent);
  return `${EXPLORER_ROUTE}${segments.length ? '/' + segments.join('/') : ''}${search}`;
}

export interface Crumb {
  name: string;
  path: string;
}

/** Root first, then each folder down to `path`. */
export function crumbsOf(path: string): Crumb[] {
  const crumbs: Crumb[] = [{ name: '', path: '/' }];
  let current = '/';
  for (const segment of path.split('/').filter(Boolean)) {
    current = joinPath(current, segment);
    crumbs.push({ name: segment, path: current });
  }
  return crumbs;
}

export { joinPath, parentPath };

/**
 * Spec §5: a key whose base path does not cover `path` goes to its base path. Folders on the way to
 * the base path stay reachable when walked up to on purpose (`browsingUp`: breadcrumbs, Backspace),
 * where the server shows only the entries on the way; opening the explorer fresh lands on the base.
 * Returns the path to go to, or null to stay.
 */
export function basePathRedirect(path: string, basePath: string | null, browsingUp: boolean): string | null {
  if (basePath === null) return null;
  const base = parseVirtualPath(basePath);
  if (!base.ok || base.path === '/') return null;
  if (isPathWithinBase(path, base.path)) return null;
  if (browsingUp && isAncestorOfBase(path, base.path)) return null;
  return base.path;
}

/** Navigation state that opens `folder` with its entry `name` selected and in view (search's "show in folder"). */
export function revealState(folder: string, name: string): { cameFrom: string; reveal: true } {
  return { cameFrom: joinPath(folder, name), reveal: true };
}

import { Permission, hasPermission } from '@driftbox/contract';
import type { AuthState } from '../../../lib/auth/auth-store';
import type { ExplorerEntry } from './fs-entry';

export type ExplorerAction =
  | 'open'
  | 'download'
  | 'share'
  | 'copyLink'
  | 'basket'
  | 'rename'
  | 'copy'
  | 'move'
  | 'delete'
  | 'newFolder'
  | 'upload';

/** The mount bits the caller holds (admins hold all). */
export function mountBits(auth: AuthState): number {
  if (auth.kind === 'admin') return ~0;
  if (auth.kind === 'apikey') return auth.permissions;
  return 0;
}

/** What the caller may do in a folder (no entry chosen): new folder and upload need UPLOAD, inside a mount. */
export function folderActions(bits: number, insideMount: boolean): ExplorerAction[] {
  if (!insideMount || !hasPermission(bits, Permission.MOUNT_UPLOAD)) return [];
  return ['newFolder', 'upload'];
}

/**
 * The actions shown for `entries` (spec §2: actions the caller lacks are not shown). Mount roots and
 * folders between mounts are only opened; single-entry actions appear for one entry only.
 */
export function entryActions(bits: number, entries: readonly ExplorerEntry[]): ExplorerAction[] {
  if (entries.length === 0) return [];
  const one = entries.length === 1 ? entries[0] : undefined;
  const actions: ExplorerAction[] = [];
  if (one) actions.push('open');
  if (entries.some((entry) => entry.isVirtual)) return actions;
  const view = hasPermission(bits, Permission.MOUNT_VIEW);
  const file = one && !one.isDirectory ? one : undefined;
  if (file && view) actions.push('download', 'copyLink', 'share');
  if (view) actions.push('basket');
  if (one && hasPermission(bits, Permission.MOUNT_RENAME)) actions.push('rename');
  if (hasPermission(bits, Permission.MOUNT_COPY)) actions.push('copy');
  if (hasPermission(bits, Permission.MOUNT_RENAME)) actions.push('move');
  if (hasPermission(bits, Permission.MOUNT_DELETE)) actions.push('delete');
  return actions;
}

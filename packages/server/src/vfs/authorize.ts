import {
  hasAnyPermission,
  hasPermission,
  MOUNT_PERMISSIONS,
  normalizePath,
  parseVirtualPath,
} from '@driftbox/contract';
import type { Actor } from '../lib/auth/actor.js';
import { badRequest, forbidden, unauthorized } from '../lib/errors.js';
import { VFS_OPERATIONS, type PathAccess, type VfsOp } from './vfs-types.js';

/*
 * The base-path rule (spec §5 "Path permission", §6; design ARCHITECTURE §4) — here and nowhere else.
 * Every operation of every adapter passes `authorize` with the normalised path it will act on, so the
 * original's bypasses (file-link, multipart, create-share, search, copy targets: notes §4.10, §7.6) cannot
 * exist: there is no second check to forget.
 */

/** True when `path` equals `base` or lies below it (both normalised). */
export function isWithin(path: string, base: string): boolean {
  return base === '/' || path === base || path.startsWith(base + '/');
}

/** The normalised base path of a key; a stored value that is not one confines the key to nothing. */
function basePathOf(basicPath: string): string | null {
  const base = normalizePath(basicPath || '/');
  return base.ok ? base.path : null;
}

/**
 * May `actor` do `op` on `path`? Throws 401 for an anonymous caller, 403 PERMISSION_DENIED for a key
 * without the operation's bit, 403 PATH_FORBIDDEN for a path outside its base path. Admins pass all.
 * A key may act on its base path and below it; a listing (`list`) may also be of an ancestor of the
 * base path, so the key can walk down to it, and then shows only the entry on the way (`toward`).
 * `path` must already be normalised (`parseVirtualPath`); anything else is refused, never repaired.
 */
export function authorize(actor: Actor, path: string, op: VfsOp): PathAccess {
  if (actor.type === 'anonymous') throw unauthorized();
  const parsed = parseVirtualPath(path);
  if (!parsed.ok || parsed.path !== path) throw badRequest();
  if (actor.type === 'admin') return { kind: 'full' };
  if (!hasPermission(actor.permissions, VFS_OPERATIONS[op])) throw forbidden('PERMISSION_DENIED');
  const base = basePathOf(actor.basicPath);
  if (base === null) throw forbidden('PATH_FORBIDDEN');
  if (isWithin(path, base)) return { kind: 'full' };
  if (op === 'list' && isWithin(base, path)) {
    const rest = path === '/' ? base.slice(1) : base.slice(path.length + 1);
    return { kind: 'toward', next: rest.split('/')[0]! };
  }
  throw forbidden('PATH_FORBIDDEN');
}

/**
 * Whether a mount shows up for `actor` at all (`/api/user/mounts`, the cache clear of a key): admins see
 * every mount; a key holding any mount bit sees a mount at or below its base path, or one its base path
 * lies in (it can reach part of it). Never the other mounts, not even by name.
 */
export function canSeeMount(actor: Actor, mountPath: string): boolean {
  if (actor.type === 'admin') return true;
  if (actor.type !== 'apikey' || !hasAnyPermission(actor.permissions, MOUNT_PERMISSIONS)) return false;
  const base = basePathOf(actor.basicPath);
  return base !== null && (isWithin(mountPath, base) || isWithin(base, mountPath));
}

/** The entries of a listing the access lets its caller see: all, or only the one on the way. */
export function visibleEntries<E extends { name: string }>(access: PathAccess, entries: readonly E[]): E[] {
  return access.kind === 'full' ? [...entries] : entries.filter((e) => e.name === access.next);
}

import { hasPermission, MOUNT_PERMISSIONS, Permission } from '@driftbox/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { clientIp, type TrustProxy } from '../../http/client-ip.js';
import type { Actor } from '../../lib/auth/actor.js';
import { AppError } from '../../lib/errors.js';
import { readCredentials } from '../../middleware/auth.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { AuthService } from '../auth/auth.service.js';

/** Methods that only read (WEBDAV_READ); every other method writes (WEBDAV_MANAGE). */
export const READ_METHODS = new Set(['OPTIONS', 'GET', 'HEAD', 'PROPFIND']);

export interface DavAuthDeps {
  auth: AuthService;
  apiKeys: ApiKeysService;
  trustProxy: TrustProxy;
}

/**
 * The caller of a WebDAV request, from its credentials alone on every request (never a cache of earlier
 * logins, notes §7.1): `Basic` with the admin's username and password (the login page's throttle) or an
 * API key as both username and password; `Bearer` with an admin session token; `ApiKey` / X-Custom-Auth-Key.
 * Throws 401 (bad or missing credentials) or 429 (throttled).
 */
export async function davActor(c: Context<AppEnv>, deps: DavAuthDeps): Promise<Actor> {
  const header = c.req.header('authorization')?.trim() ?? '';
  const basic = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  const ip = clientIp(c, deps.trustProxy);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new AppError('UNAUTHORIZED');
    const user = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    if (user !== '' && user === password) {
      const key = await deps.apiKeys.resolveKey(password, ip).catch(() => null);
      if (key) return key;
    }
    return deps.auth.verifyBasic(ip, user, password);
  }
  const credentials = readCredentials(c);
  if (!credentials) throw new AppError('UNAUTHORIZED');
  return credentials.kind === 'token'
    ? deps.auth.resolveToken(credentials.value)
    : deps.apiKeys.resolveKey(credentials.value, ip);
}

/** True when `actor` may use `method` (admins always; keys with WEBDAV_READ / WEBDAV_MANAGE). */
export function mayUse(actor: Actor, method: string): boolean {
  if (actor.type === 'admin') return true;
  if (actor.type !== 'apikey') return false;
  return hasPermission(actor.permissions, READ_METHODS.has(method) ? Permission.WEBDAV_READ : Permission.WEBDAV_MANAGE);
}

/**
 * The caller as the vfs sees it: WebDAV's bits stand for the mount operations they allow (WEBDAV_READ:
 * listing and reading; WEBDAV_MANAGE: uploads, copies, renames, deletes; each method also needs its own bit: mayUse). The base path is the key's own.
 */
export function asVfsActor(actor: Actor): Actor {
  if (actor.type !== 'apikey') return actor;
  let permissions = actor.permissions & ~MOUNT_PERMISSIONS;
  if (hasPermission(actor.permissions, Permission.WEBDAV_READ)) permissions |= Permission.MOUNT_VIEW;
  if (hasPermission(actor.permissions, Permission.WEBDAV_MANAGE))
    permissions |= Permission.MOUNT_UPLOAD | Permission.MOUNT_COPY | Permission.MOUNT_RENAME | Permission.MOUNT_DELETE;
  return { ...actor, permissions };
}

/** The challenge: Basic and Bearer, or Basic alone for Dart clients, which cannot parse two (notes §4.4). */
export function challenges(userAgent: string | undefined): string[] {
  const realm = 'realm="Driftbox WebDAV", charset="UTF-8"';
  if (/dart/i.test(userAgent ?? '')) return [`Basic ${realm}`];
  return [`Basic ${realm}`, 'Bearer realm="Driftbox WebDAV"'];
}

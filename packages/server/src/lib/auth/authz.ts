import { hasAnyPermission, hasPermission } from '@driftbox/contract';
import type { Actor, AdminActor, ApiKeyActor } from './actor.js';
import { forbidden, unauthorized, type AppError } from '../errors.js';

/** A permission requirement: every bit of a mask, or any one bit of `anyOf` (e.g. "mount permission"). */
export type PermissionRequirement = number | { anyOf: number };

/**
 * Throws 401 unless the actor is authenticated. `authError` is why presented credentials failed
 * (expired token, invalid key, rate limited), which is more useful to the client than a bare 401.
 */
export function assertAuthenticated(
  actor: Actor,
  authError: AppError | null = null,
): asserts actor is AdminActor | ApiKeyActor {
  if (actor.type !== 'anonymous') return;
  throw authError ?? unauthorized();
}

/** Throws unless the actor is an admin: 401 when anonymous, 403 ADMIN_ONLY for an API key. */
export function assertAdmin(actor: Actor, authError: AppError | null = null): asserts actor is AdminActor {
  assertAuthenticated(actor, authError);
  if (actor.type !== 'admin') throw forbidden('ADMIN_ONLY');
}

/** True when the actor meets the requirement; admins always do. */
export function allows(actor: Actor, required: PermissionRequirement): boolean {
  if (actor.type === 'admin') return true;
  if (actor.type !== 'apikey') return false;
  return typeof required === 'number'
    ? hasPermission(actor.permissions, required)
    : hasAnyPermission(actor.permissions, required.anyOf);
}

/**
 * Throws 401 when anonymous, 403 PERMISSION_DENIED when the key lacks the bits. Paths of the mount tree
 * (a key's `basic_path`) are the vfs's: `authorize` in src/vfs/authorize.ts, the one place of that rule.
 */
export function assertPermission(
  actor: Actor,
  required: PermissionRequirement,
  authError: AppError | null = null,
): asserts actor is AdminActor | ApiKeyActor {
  assertAuthenticated(actor, authError);
  if (!allows(actor, required)) throw forbidden('PERMISSION_DENIED');
}

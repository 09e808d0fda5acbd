import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { assertAdmin, assertAuthenticated, assertPermission, type PermissionRequirement } from '../lib/auth/authz.js';

// Path checks are not middleware (the path comes from the body or query): every path operation goes
// through the vfs (`authorize` in src/vfs/authorize.ts), the one place the base-path rule lives.

/** Any authenticated actor (admin or API key); 401 otherwise. */
export function requireAuth(): MiddlewareHandler<AppEnv> {
  return async function requireAuthMiddleware(c, next) {
    assertAuthenticated(c.get('actor'), c.get('authError'));
    await next();
  };
}

/** Admins only: 401 when anonymous, 403 ADMIN_ONLY for an API key. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async function requireAdminMiddleware(c, next) {
    assertAdmin(c.get('actor'), c.get('authError'));
    await next();
  };
}

/** Admins, or API keys holding the bits (`number`: all of them, `{ anyOf }`: at least one); else 403. */
export function requirePermission(required: PermissionRequirement): MiddlewareHandler<AppEnv> {
  return async function requirePermissionMiddleware(c, next) {
    assertPermission(c.get('actor'), required, c.get('authError'));
    await next();
  };
}

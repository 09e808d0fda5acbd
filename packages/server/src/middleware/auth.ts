import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ANONYMOUS, type Actor } from '../lib/auth/actor.js';
import { clientIp, type TrustProxy } from '../http/client-ip.js';
import { AppError } from '../lib/errors.js';
import type { ApiKeysService } from '../modules/api-keys/api-keys.service.js';
import type { AuthService } from '../modules/auth/auth.service.js';

export type Credentials = { kind: 'token'; value: string } | { kind: 'apikey'; value: string } | null;

/**
 * Reads the credentials of a request: `Authorization: Bearer <admin token>`,
 * `Authorization: ApiKey <key>` or `X-Custom-Auth-Key: <key>` (ARCHITECTURE §4).
 */
export function readCredentials(c: Context<AppEnv>): Credentials {
  const header = c.req.header('authorization')?.trim();
  const match = header ? /^(\S+)\s+(\S+)$/.exec(header) : null;
  const scheme = match?.[1]?.toLowerCase();
  const value = match?.[2];
  if (value && scheme === 'bearer') return { kind: 'token', value };
  if (value && scheme === 'apikey') return { kind: 'apikey', value };
  const custom = c.req.header('x-custom-auth-key')?.trim();
  return custom ? { kind: 'apikey', value: custom } : null;
}

export interface AuthServices {
  auth: AuthService;
  apiKeys: ApiKeysService;
}

/**
 * Resolves the actor once per request, the only place credentials are checked. Bad credentials do
 * not fail here: the caller continues as anonymous and `authError` tells the guards why, so public
 * routes keep working for a browser holding a stale token.
 */
export function auth(services: AuthServices, trustProxy: TrustProxy): MiddlewareHandler<AppEnv> {
  return async function authMiddleware(c, next) {
    c.set('actor', ANONYMOUS);
    c.set('authError', null);
    const credentials = readCredentials(c);
    if (credentials) {
      try {
        const actor: Actor =
          credentials.kind === 'token'
            ? await services.auth.resolveToken(credentials.value)
            : await services.apiKeys.resolveKey(credentials.value, clientIp(c, trustProxy));
        c.set('actor', actor);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        c.set('authError', err);
      }
    }
    await next();
  };
}

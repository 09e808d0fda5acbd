import { ChangePasswordBody, LoginBody } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { clientIp, type TrustProxy } from '../../http/client-ip.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { readCredentials } from '../../middleware/auth.js';
import { requireAdmin } from '../../middleware/guards.js';
import type { AuthService } from './auth.service.js';

/** POST /admin/login, POST /admin/logout, GET /test/admin-token, POST /admin/change-password. */
export function authRoutes(auth: AuthService, options: { trustProxy: TrustProxy }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/admin/login', async (c) => {
    const body = await readJson(c, LoginBody);
    const result = await auth.login(clientIp(c, options.trustProxy), body);
    return ok(c, result, { message: msg('auth.loggedIn') });
  });

  app.post('/admin/logout', async (c) => {
    const credentials = readCredentials(c);
    await auth.logout(credentials?.kind === 'token' ? credentials.value : null);
    return ok(c, null, { message: msg('auth.loggedOut') });
  });

  app.get('/test/admin-token', requireAdmin(), (c) => ok(c, null, { message: msg('auth.tokenValid') }));

  app.post('/admin/change-password', requireAdmin(), async (c) => {
    const body = await readJson(c, ChangePasswordBody);
    await auth.changePassword(c.get('actor'), body);
    return ok(c, null, { message: msg('auth.accountUpdated') });
  });

  return app;
}

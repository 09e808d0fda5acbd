import { MOUNT_PERMISSIONS, MountCreateBody, MountUpdateBody } from '@driftbox/contract';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import { assertMountAdmin, type MountsService } from './mounts.service.js';

/** Admins only, before any body is read; a key is told it cannot manage mounts (spec §8). */
function requireMountAdmin(): MiddlewareHandler<AppEnv> {
  return async function requireMountAdminMiddleware(c, next) {
    assertMountAdmin(c.get('actor'), c.get('authError'));
    await next();
  };
}

/**
 * `/api/admin/mounts` (the admin's CRUD; enabling and disabling is a PUT of `is_active`) and
 * `/api/user/mounts` (the active mounts a key may see, with any mount bit) — spec §7 "Mounts".
 */
export function mountsRoutes(service: MountsService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/mounts', requireMountAdmin(), async (c) => ok(c, await service.list(c.get('actor'))));

  app.post('/admin/mounts', requireMountAdmin(), async (c) => {
    const body = await readJson(c, MountCreateBody);
    return ok(c, await service.create(c.get('actor'), body), { status: 201, message: msg('mounts.created') });
  });

  app.get('/admin/mounts/:id', requireMountAdmin(), async (c) =>
    ok(c, await service.get(c.get('actor'), c.req.param('id'))),
  );

  app.put('/admin/mounts/:id', requireMountAdmin(), async (c) => {
    const body = await readJson(c, MountUpdateBody);
    return ok(c, await service.update(c.get('actor'), c.req.param('id'), body), { message: msg('mounts.updated') });
  });

  app.delete('/admin/mounts/:id', requireMountAdmin(), async (c) => {
    await service.remove(c.get('actor'), c.req.param('id'));
    return ok(c, null, { message: msg('mounts.deleted') });
  });

  app.get('/user/mounts', requirePermission({ anyOf: MOUNT_PERMISSIONS }), async (c) =>
    ok(c, await service.listVisible(c.get('actor'))),
  );

  app.get('/user/mounts/:id', requirePermission({ anyOf: MOUNT_PERMISSIONS }), async (c) =>
    ok(c, await service.getVisible(c.get('actor'), c.req.param('id'))),
  );

  return app;
}

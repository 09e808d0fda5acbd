import { CacheClearBody, Permission } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requireAdmin, requirePermission } from '../../middleware/guards.js';
import type { CacheService } from './cache.service.js';

/** POST /admin/cache/clear and GET /admin/cache/stats (admin); POST /user/cache/clear (MOUNT_VIEW, limited). */
export function cacheRoutes(cache: CacheService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/admin/cache/clear', requireAdmin(), async (c) => {
    const body = await readJson(c, CacheClearBody);
    return ok(c, await cache.clear(c.get('actor'), body), { message: msg('cache.cleared') });
  });

  app.post('/user/cache/clear', requirePermission(Permission.MOUNT_VIEW), async (c) => {
    const body = await readJson(c, CacheClearBody);
    return ok(c, await cache.clear(c.get('actor'), body), { message: msg('cache.cleared') });
  });

  app.get('/admin/cache/stats', requireAdmin(), (c) => ok(c, cache.stats(c.get('actor'))));

  return app;
}

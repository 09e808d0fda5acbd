import { Permission, StorageConfigCreateBody, StorageConfigUpdateBody } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requireAdmin, requirePermission } from '../../middleware/guards.js';
import type { FetchLike } from './storage-configs.probe.js';
import type { StorageConfigsService } from './storage-configs.service.js';

export interface StorageConfigsRouteOptions {
  /** Calls the app itself: the test endpoint follows LOCAL presigned URLs (app-relative) in process. */
  selfFetch: FetchLike;
}

/**
 * `/api/s3-configs` (spec §7; the path keeps the original's name though LOCAL configs are listed too).
 * Reading needs FILE_SHARE (the service decides what a key may see); everything else is admin-only.
 */
export function storageConfigsRoutes(
  service: StorageConfigsService,
  options: StorageConfigsRouteOptions,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/s3-configs', requirePermission(Permission.FILE_SHARE), async (c) =>
    ok(c, await service.list(c.get('actor'))),
  );
  app.get('/s3-configs/:id', requirePermission(Permission.FILE_SHARE), async (c) =>
    ok(c, await service.get(c.get('actor'), c.req.param('id'))),
  );

  app.post('/s3-configs', requireAdmin(), async (c) => {
    const body = await readJson(c, StorageConfigCreateBody);
    return ok(c, await service.create(c.get('actor'), body), { status: 201, message: msg('storage.config.created') });
  });

  app.put('/s3-configs/:id', requireAdmin(), async (c) => {
    const body = await readJson(c, StorageConfigUpdateBody);
    return ok(c, await service.update(c.get('actor'), c.req.param('id'), body), {
      message: msg('storage.config.updated'),
    });
  });

  app.delete('/s3-configs/:id', requireAdmin(), async (c) => {
    await service.remove(c.get('actor'), c.req.param('id'));
    return ok(c, null, { message: msg('storage.config.deleted') });
  });

  app.put('/s3-configs/:id/set-default', requireAdmin(), async (c) =>
    ok(c, await service.setDefault(c.get('actor'), c.req.param('id')), { message: msg('storage.config.defaulted') }),
  );

  app.post('/s3-configs/:id/test', requireAdmin(), async (c) => {
    const origin = c.req.header('origin') ?? new URL(c.req.url).origin;
    const fetchUrl: FetchLike = (url, init) => (url.startsWith('/') ? options.selfFetch(url, init) : fetch(url, init));
    const result = await service.test(c.get('actor'), c.req.param('id'), {
      origin,
      fetch: fetchUrl,
      lang: c.get('lang'),
    });
    return ok(c, result, { message: msg(result.success ? 'storage.config.testPassed' : 'storage.config.testFailed') });
  });

  return app;
}

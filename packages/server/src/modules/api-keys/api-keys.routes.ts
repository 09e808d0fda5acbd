import { ApiKeyCreateBody, ApiKeyUpdateBody, BulkDeleteBody } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requireAdmin, requireAuth } from '../../middleware/guards.js';
import type { ApiKeysService } from './api-keys.service.js';

const NO_STORE = 'no-store';

/** Admin CRUD under /admin/api-keys and GET /test/api-key for any authenticated caller. */
export function apiKeysRoutes(apiKeys: ApiKeysService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/test/api-key', requireAuth(), (c) =>
    ok(c, apiKeys.describe(c.get('actor')), { message: msg('apiKeys.keyValid') }),
  );

  app.use('/admin/api-keys', requireAdmin());
  app.use('/admin/api-keys/*', requireAdmin());

  // Answers carrying full keys must not be kept by a browser or proxy cache.
  app.get('/admin/api-keys', async (c) => {
    c.header('Cache-Control', NO_STORE);
    return ok(c, await apiKeys.list(c.get('actor')));
  });

  app.post('/admin/api-keys', async (c) => {
    const body = await readJson(c, ApiKeyCreateBody);
    c.header('Cache-Control', NO_STORE);
    return ok(c, await apiKeys.create(c.get('actor'), body), { status: 201, message: msg('apiKeys.created') });
  });

  app.delete('/admin/api-keys', async (c) => {
    const body = await readJson(c, BulkDeleteBody);
    const deleted = await apiKeys.removeMany(c.get('actor'), body.ids);
    return ok(c, { deleted }, { message: msg('apiKeys.deleted') });
  });

  app.get('/admin/api-keys/:id', async (c) => {
    c.header('Cache-Control', NO_STORE);
    return ok(c, await apiKeys.get(c.get('actor'), c.req.param('id')));
  });

  app.put('/admin/api-keys/:id', async (c) => {
    const body = await readJson(c, ApiKeyUpdateBody);
    return ok(c, await apiKeys.update(c.get('actor'), c.req.param('id'), body), { message: msg('apiKeys.updated') });
  });

  app.delete('/admin/api-keys/:id', async (c) => {
    await apiKeys.remove(c.get('actor'), c.req.param('id'));
    return ok(c, null, { message: msg('apiKeys.deleted') });
  });

  return app;
}

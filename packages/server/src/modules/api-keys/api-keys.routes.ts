import { ApiKeyCreateBody, ApiKeyUpdateBody, BulkDeleteBody } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { requireAdmin, requireAuth } from '../../middleware/guards.js';
import type { ApiKeysService } from './api-keys.service.js';

const MESSAGES = {
  created: { en: 'API key created', zh: 'API 密钥创建成功' },
  updated: { en: 'API key updated', zh: 'API 密钥更新成功' },
  deleted: { en: 'API key deleted', zh: 'API 密钥删除成功' },
  keyValid: { en: 'API key valid', zh: 'API 密钥有效' },
};

/** Admin CRUD under /admin/api-keys and GET /test/api-key for any authenticated caller. */
export function apiKeysRoutes(apiKeys: ApiKeysService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/test/api-key', requireAuth(), (c) =>
    ok(c, apiKeys.describe(c.get('actor')), { message: MESSAGES.keyValid }),
  );

  app.use('/admin/api-keys', requireAdmin());
  app.use('/admin/api-keys/*', requireAdmin());

  app.get('/admin/api-keys', async (c) => ok(c, await apiKeys.list(c.get('actor'))));

  app.post('/admin/api-keys', async (c) => {
    const body = await readJson(c, ApiKeyCreateBody);
    return ok(c, await apiKeys.create(c.get('actor'), body), { status: 201, message: MESSAGES.created });
  });

  app.delete('/admin/api-keys', async (c) => {
    const body = await readJson(c, BulkDeleteBody);
    const deleted = await apiKeys.removeMany(c.get('actor'), body.ids);
    return ok(c, { deleted }, { message: MESSAGES.deleted });
  });

  app.get('/admin/api-keys/:id', async (c) => ok(c, await apiKeys.get(c.get('actor'), c.req.param('id'))));

  app.put('/admin/api-keys/:id', async (c) => {
    const body = await readJson(c, ApiKeyUpdateBody);
    return ok(c, await apiKeys.update(c.get('actor'), c.req.param('id'), body), { message: MESSAGES.updated });
  });

  app.delete('/admin/api-keys/:id', async (c) => {
    await apiKeys.remove(c.get('actor'), c.req.param('id'));
    return ok(c, null, { message: MESSAGES.deleted });
  });

  return app;
}

import { BulkDeleteBody, PasteCreateBody, PasteListQuery, PasteUpdateBody, Permission } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson, readQuery } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import { readPasteBody } from './pastes.input.js';
import type { PastesService } from './pastes.service.js';

/**
 * `POST /paste` and the management routes under `/pastes`, for admins and keys with TEXT. The guard
 * runs before any body is read, so an anonymous caller cannot make the server buffer 20 MB.
 */
export function pastesRoutes(pastes: PastesService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const text = requirePermission(Permission.TEXT);
  const manage = requirePermission(Permission.TEXT_MANAGE);

  app.post('/paste', text, async (c) => {
    const body = await readPasteBody(c, PasteCreateBody);
    return ok(c, await pastes.create(c.get('actor'), body), { status: 201, message: msg('pastes.created') });
  });

  app.get('/pastes', manage, async (c) => {
    const actor = c.get('actor');
    const { items, pagination } = await pastes.list(actor, readQuery(c, PasteListQuery));
    // The original puts `pagination` beside `data`, not inside it, and tells a key who it is.
    const keyInfo =
      actor.type === 'apikey' ? { key_info: { id: actor.id, name: actor.name, basic_path: actor.basicPath } } : {};
    return ok(c, items, { extra: { pagination, ...keyInfo } });
  });

  app.delete('/pastes/batch-delete', manage, async (c) => {
    const { ids } = await readJson(c, BulkDeleteBody);
    const deleted = await pastes.removeMany(c.get('actor'), ids);
    return ok(c, { deleted }, { message: msg('pastes.deleted') });
  });

  // The original's body `{clearExpired}` carries nothing to act on, so it is not read.
  app.post('/pastes/clear-expired', manage, async (c) => {
    const deleted = await pastes.clearExpired(c.get('actor'));
    return ok(c, { deleted }, { message: msg('pastes.cleared') });
  });

  app.get('/pastes/:id', manage, async (c) => ok(c, await pastes.get(c.get('actor'), c.req.param('id'))));

  app.put('/pastes/:id', manage, async (c) => {
    const body = await readPasteBody(c, PasteUpdateBody);
    return ok(c, await pastes.update(c.get('actor'), c.req.param('id'), body), { message: msg('pastes.updated') });
  });

  return app;
}

import { FsSearchQuery, Permission } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readQuery } from '../../http/request.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import type { SearchService } from './fs-search.service.js';

/** `GET /api/fs/search` (spec §7 "File system"): bit MOUNT_VIEW; admins pass. */
export function fsSearchRoutes(search: SearchService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/fs/search', requirePermission(Permission.MOUNT_VIEW), async (c) =>
    ok(c, await search.search(c.get('actor'), readQuery(c, FsSearchQuery)), { message: msg('search.done') }),
  );
  return app;
}

import { FsCreateShareBody, Permission, type FsCreateShareDto } from '@driftbox/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ok } from '../../http/envelope.js';
import { readJson } from '../../http/request.js';
import { assertAuthenticated } from '../../lib/auth/authz.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { requirePermission } from '../../middleware/guards.js';
import type { FsShareService } from './fs-share.service.js';

/** `POST /api/fs/create-share` (notes §3.11; the MOUNT_VIEW bit, the base path through the vfs). */
export function fsShareRoutes(shares: FsShareService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/fs/create-share', requirePermission(Permission.MOUNT_VIEW), async (c) => {
    const actor = c.get('actor');
    assertAuthenticated(actor);
    const row = await shares.create(actor, await readJson(c, FsCreateShareBody));
    const data: FsCreateShareDto = {
      success: true,
      fileId: row.id,
      slug: row.slug,
      filename: row.filename,
      size: row.size,
      url: `/file/${encodeURIComponent(row.slug)}`,
      expires_at: row.expires_at,
      max_views: row.max_views,
      has_password: row.password_hash !== null,
    };
    return ok(c, data, { status: 201, message: msg('fsfiles.shareCreated') });
  });
  return app;
}
